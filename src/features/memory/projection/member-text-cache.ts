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
import { HANDED_OVER_ANALYSES, MEMBER_TEXT_CACHE_MEMBERS, TOKEN_TABLE_LIMIT } from "../domain/memory.constants.js";
import { TokenTable } from "../domain/token-table.js";
import type { SentenceTokens } from "../../../text/sentences.js";

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

/** A record's text as its write analysed it, and that analysis. */
interface HandedOver {
  title: string;
  body: string;
  tokens: SentenceTokens;
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
  /** By content hash: analyses the write path made, until the member's first analysis takes them. */
  private readonly handedOver: LruCache<string, HandedOver>;
  private tokens = new TokenTable();
  private generation = 0;

  constructor(
    capacity = MEMBER_TEXT_CACHE_MEMBERS,
    private readonly tokenLimit = TOKEN_TABLE_LIMIT,
    handedOverCapacity = HANDED_OVER_ANALYSES,
  ) {
    this.entries = new LruCache(capacity);
    this.handedOver = new LruCache(handedOverCapacity);
  }

  /**
   * A record's text and its analysis, from the write that stores it (same process, before its commit): the
   * member's first analysis takes it instead of analysing the text again, when the text it reads is the same
   * (a body longer than a window reads, CHECKPOINT_BODY_CHARS, is analysed here).
   */
  offer(contentHash: string, text: { title: string; body: string }, tokens: SentenceTokens): void {
    this.handedOver.set(contentHash, { title: text.title, body: text.body, tokens });
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

  /** The analysis handed over for this text, taken once (a later table numbers its tokens afresh from the text). */
  private takeHandedOver(contentHash: string | null, member: WindowMember): SentenceTokens | undefined {
    if (contentHash === null) return undefined;
    const handed = this.handedOver.get(contentHash);
    if (!handed || !sameText(handed, member)) return undefined;
    this.handedOver.delete(contentHash);
    return handed.tokens;
  }

  private analyse(member: WindowMember): MemberText {
    const entry = this.entries.get(member.id);
    if (entry && sameText(entry.member, member)) {
      if (entry.text === null || entry.generation !== this.generation) {
        entry.text = analyseMember(member, this.tokens, this.takeHandedOver(entry.contentHash, member));
        entry.generation = this.generation;
      }
      return entry.text;
    }
    const text = analyseMember(member, this.tokens);
    this.entries.set(member.id, { contentHash: null, member, text, generation: this.generation });
    return text;
  }
}

type MemberTextOnly = Pick<WindowMember, "title" | "body">;
const sameText = (left: MemberTextOnly, right: MemberTextOnly) =>
  left.title === right.title && left.body === right.body;
