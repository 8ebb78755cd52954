// The text and analysis of recently seen window members, owned by one memory projector. A refresh
// recomputes the checkpoint of every branch it touches from the branch's newest members, so the same
// members come back refresh after refresh; keeping each one's text and analysis turns a write's
// checkpoint cost from its branch's window into its own text: the window read then fetches only the
// ids and content hashes of the window, and the bodies of members this cache has not seen.
import { LruCache } from "../../../platform/lib/lru-cache.js";
import {
  analyseMember,
  type AnalyseWindow,
  type MemberText,
  type WindowAnalysis,
  type WindowMember,
} from "../domain/checkpoint.js";
import { MEMBER_TEXT_CACHE_MEMBERS, TOKEN_TABLE_LIMIT } from "../domain/memory.constants.js";
import { TokenTable } from "../domain/token-table.js";

/** Where a checkpoint refresh finds its window members' text (see windowsOf in memory-checkpoints.ts). */
export interface MemberTexts {
  /** The member's window text when it was seen with this content hash (records are immutable). */
  textOf(id: string, contentHash: string): WindowMember | null;
  /** A member's window text as read from the store. */
  remember(contentHash: string, member: WindowMember): void;
  /** Analyses `member` now unless its analysis is kept, so a later window finds it done. */
  prepare(member: WindowMember): void;
  readonly analyseWindow: AnalyseWindow;
}

interface Entry {
  contentHash: string | null;
  member: WindowMember;
  /** The analysis, numbered by the table of `generation`; stale once the table starts over. */
  text: MemberText | null;
  generation: number;
}

export class MemberTextCache implements MemberTexts {
  private readonly entries: LruCache<string, Entry>;
  private tokens = new TokenTable();
  private generation = 0;

  constructor(
    capacity = MEMBER_TEXT_CACHE_MEMBERS,
    private readonly tokenLimit = TOKEN_TABLE_LIMIT,
  ) {
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
    this.entries.set(member.id, { contentHash, member, text: null, generation: this.generation });
  }

  /**
   * The window's members, each analysed once while the same text comes back. The token table keeps every
   * token it has numbered, so past TOKEN_TABLE_LIMIT it starts over (between windows, never inside one) and
   * the kept analyses numbered by the old table are redone as their members come back.
   */
  readonly analyseWindow = (window: readonly WindowMember[]): WindowAnalysis => {
    this.startOverPastLimit();
    return { texts: window.map((member) => this.analyse(member)), tokens: this.tokens };
  };

  prepare(member: WindowMember): void {
    this.startOverPastLimit();
    this.analyse(member);
  }

  private startOverPastLimit(): void {
    if (this.tokens.size <= this.tokenLimit) return;
    this.tokens = new TokenTable();
    this.generation += 1;
  }

  private analyse(member: WindowMember): MemberText {
    const entry = this.entries.get(member.id);
    if (entry && sameText(entry.member, member)) {
      if (entry.text === null || entry.generation !== this.generation) {
        entry.text = analyseMember(member, this.tokens);
        entry.generation = this.generation;
      }
      return entry.text;
    }
    const text = analyseMember(member, this.tokens);
    this.entries.set(member.id, { contentHash: null, member, text, generation: this.generation });
    return text;
  }
}

const sameText = (left: WindowMember, right: WindowMember) => left.title === right.title && left.body === right.body;
