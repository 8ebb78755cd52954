// The analysed text of recently seen window members, owned by one memory projector. A refresh recomputes
// the checkpoint of every branch it touches from the branch's newest members, so the same members come
// back refresh after refresh; analysing each once turns a write's checkpoint cost from its branch's window
// into its own text.
import { LruCache } from "../../../platform/lib/lru-cache.js";
import { analyseMember, type MemberText, type WindowMember } from "../domain/checkpoint.js";
import { MEMBER_TEXT_CACHE_MEMBERS } from "../domain/memory.constants.js";

interface Entry {
  title: string;
  body: string;
  text: MemberText;
}

export class MemberTextCache {
  private readonly entries: LruCache<string, Entry>;

  constructor(capacity = MEMBER_TEXT_CACHE_MEMBERS) {
    this.entries = new LruCache(capacity);
  }

  /**
   * The member's analysis, from the cache when the same text was analysed before. Records are immutable,
   * but the text is compared anyway, so a cache that outlives a rebuild or a restore can never serve text
   * the member no longer has.
   */
  readonly analyse = (member: WindowMember): MemberText => {
    const cached = this.entries.get(member.id);
    if (cached && cached.title === member.title && cached.body === member.body) return cached.text;
    const text = analyseMember(member);
    this.entries.set(member.id, { title: member.title, body: member.body, text });
    return text;
  };
}
