// The text and analysis of recently seen window members, owned by one memory projector. A refresh
// recomputes the checkpoint of every branch it touches from the branch's newest members, so the same
// members come back refresh after refresh; keeping each one's text and analysis turns a write's
// checkpoint cost from its branch's window into its own text: the window read then fetches only the
// ids and content hashes of the window, and the bodies of members this cache has not seen.
import { LruCache } from "../../../platform/lib/lru-cache.js";
import { analyseMember, type AnalyseMember, type MemberText, type WindowMember } from "../domain/checkpoint.js";
import { MEMBER_TEXT_CACHE_MEMBERS } from "../domain/memory.constants.js";

/** Where a checkpoint refresh finds its window members' text (see windowsOf in memory-checkpoints.ts). */
export interface MemberTexts {
  /** The member's window text when it was seen with this content hash (records are immutable). */
  textOf(id: string, contentHash: string): WindowMember | null;
  /** A member's window text as read from the store. */
  remember(contentHash: string, member: WindowMember): void;
  readonly analyse: AnalyseMember;
}

interface Entry {
  contentHash: string | null;
  member: WindowMember;
  text: MemberText | null;
}

export class MemberTextCache implements MemberTexts {
  private readonly entries: LruCache<string, Entry>;

  constructor(capacity = MEMBER_TEXT_CACHE_MEMBERS) {
    this.entries = new LruCache(capacity);
  }

  /**
   * The hash is the record's content digest (title and body among its inputs), so a cache that
   * outlives a rebuild or a restore can never serve text the member no longer has.
   */
  textOf(id: string, contentHash: string): WindowMember | null {
    const entry = this.entries.get(id);
    return entry && entry.contentHash === contentHash ? entry.member : null;
  }

  remember(contentHash: string, member: WindowMember): void {
    const entry = this.entries.get(member.id);
    if (entry && entry.contentHash === contentHash && sameText(entry.member, member)) return;
    this.entries.set(member.id, { contentHash, member, text: null });
  }

  /** The member's analysis, computed once while the same text comes back. */
  readonly analyse = (member: WindowMember): MemberText => {
    const entry = this.entries.get(member.id);
    if (entry && sameText(entry.member, member)) return (entry.text ??= analyseMember(member));
    const text = analyseMember(member);
    this.entries.set(member.id, { contentHash: null, member, text });
    return text;
  };
}

const sameText = (left: WindowMember, right: WindowMember) => left.title === right.title && left.body === right.body;
