import type { SendSettled, SentRequest } from "../../send/useSendRequest.ts";

/** An answer kept with its browser-history entry, shown again by Back and Forward without re-sending. */
export type KeptAnswer = SendSettled;

/** What the Response panel shows: the live send, or an entry's kept answer brought back by Back/Forward. */
export function shownAnswer(
  restored: KeptAnswer | "none" | null,
  live: { status: "idle" | "pending" | "success" | "error"; data: SentRequest | undefined; error: unknown },
): { status: "idle" | "pending" | "success" | "error"; data: SentRequest | undefined; error: unknown } {
  if (restored === null) return live;
  if (restored === "none") return { status: "idle", data: undefined, error: null };
  return restored.status === "success"
    ? { status: "success", data: restored.data, error: null }
    : { status: "error", data: undefined, error: restored.error };
}

/**
 * `search`: the entry's address as it stands (edits rewrite it); `sent`: the request as it was sent
 * from this entry, which Back and Forward restore with its answer.
 */
type Entry = { search: string; sent?: string; answer?: KeptAnswer };

/**
 * What Back and Forward may keep of earlier answers, in bytes as they came: the newest answer is
 * always kept, older ones while they fit (a few re-sends of a 16 MB block must not pile up).
 */
const KEPT_ANSWERS_BYTES = 8 * 1024 * 1024;

/** Drops the kept answers of the oldest entries past {@link KEPT_ANSWERS_BYTES} (newest first). */
export function boundKeptAnswers(entries: Map<string, { answer?: KeptAnswer }>, budget = KEPT_ANSWERS_BYTES) {
  let total = 0;
  let newest = true;
  for (const entry of [...entries.values()].reverse()) {
    if (!entry.answer) continue;
    const size = entry.answer.status === "success" ? entry.answer.data.answer.meta.sizeBytes : 0;
    total += size;
    if (total > budget && !newest) delete entry.answer;
    newest = false;
  }
}

const MAX_ENTRIES = 50;
/**
 * An entry's state: its key, and its place in the tab's history (`at`: one more than the entry it
 * was pushed from). A reload keeps the place of the entry it reloads, so places compare across
 * page lives, where keys (`session:count`) do not.
 */
type EntryState = { rpcPlayground: string; at?: number };
const keyOf = (state: unknown) =>
  typeof state === "object" && state !== null && typeof (state as EntryState).rpcPlayground === "string"
    ? (state as EntryState).rpcPlayground
    : undefined;
const placeOf = (state: unknown) => {
  const at = keyOf(state) === undefined ? undefined : (state as EntryState).at;
  return typeof at === "number" && Number.isSafeInteger(at) ? at : undefined;
};

/**
 * This page's entries in the browser's history (docs/decisions.md, "Addresses"): each holds its
 * address, the request sent from it and that request's kept answer. Entries of this page's life
 * only: a reload starts a new session, whose keys never match the old ones. `addressNow` is the
 * address of what is on screen (undefined when the body cannot be written into one);
 * `addressLater` takes note of what is on screen and writes its address when called: a send's
 * address is written when its entry is pushed, after its answer's paint, not in the click's task.
 */
export class AddressEntries {
  readonly #session = Math.random().toString(36).slice(2, 8);
  #count = 0;
  readonly #entries = new Map<string, Entry>();
  /** The entry on screen. */
  #current = "";
  /** The entry of the last send, whose answer is kept when it comes. */
  #sentFrom = "";
  /** The last send's entry, still to be pushed (once its answer is painted). */
  #unpushed: (() => void) | null = null;
  /** The place of the browser's entry when the last send left (its own entry still unpushed then). */
  #sentOn: number | undefined;
  /** An edit's rewrite of the address waits for the last send's entry: it is that entry's. */
  #replaceAfterPush = false;
  #opened = false;

  constructor(
    private readonly addressNow: () => string | undefined,
    private readonly addressLater: () => () => string | undefined,
  ) {}

  #add(search: string): string {
    this.#count += 1;
    const key = `${this.#session}:${this.#count}`;
    this.#entries.set(key, { search });
    for (const old of this.#entries.keys()) {
      if (this.#entries.size <= MAX_ENTRIES) break;
      this.#entries.delete(old);
    }
    return key;
  }

  /** Whether the page's own address was opened yet (once per page). */
  get opened(): boolean {
    return this.#opened;
  }

  /**
   * Opens the page's own address once: `apply` puts its request in place, then its entry is marked
   * as this session's and the address says what is on screen.
   */
  open(apply: () => void): void {
    if (this.#opened) return;
    this.#opened = true;
    apply();
    const key = this.#add(window.location.search);
    this.#current = key;
    // A reload keeps its entry's place; a new visit starts at 0.
    const at = placeOf(window.history.state) ?? 0;
    window.history.replaceState({ rpcPlayground: key, at } satisfies EntryState, "", window.location.href);
    this.replace();
  }

  /**
   * Pushes the last send's entry if it still waits: anything else that touches the history does so
   * first. An edit's rewrite of the address that waited for it follows.
   */
  readonly pushNow = (): void => {
    const push = this.#unpushed;
    this.#unpushed = null;
    push?.();
    if (!this.#replaceAfterPush) return;
    this.#replaceAfterPush = false;
    this.replace();
  };

  /**
   * The address now says what is on screen (after an edit): the current entry's address is
   * rewritten. While the last send's entry waits for its answer's paint, the rewrite waits with it
   * (an edit is the new entry's): it does not push the entry early, ahead of the answer (the body's
   * next id is such an edit, 250 ms after the click: an answer slower than that was drawn after a
   * pushState of its own, on a loaded machine).
   */
  readonly replace = (): void => {
    // Before the page's own address is read, it is the link to read: an edit made meanwhile does
    // not write over it (`open` writes what is on screen once it has read it).
    if (!this.#opened) return;
    if (this.#unpushed) {
      this.#replaceAfterPush = true;
      return;
    }
    const address = this.addressNow();
    if (!address || address === window.location.href) return;
    window.history.replaceState(window.history.state, "", address);
    const entry = this.#entries.get(this.#current);
    if (entry) entry.search = window.location.search;
  };

  /**
   * A send left: it gets an entry of its own, pushed by `pushNow` (once its answer is painted), with
   * the address of the request as it was sent, written then.
   */
  sent(): void {
    this.pushNow();
    const addressThen = this.addressLater();
    const key = this.#add(window.location.search);
    this.#unpushed = () => {
      const address = addressThen() ?? window.location.href;
      const search = new URL(address).search;
      const entry = this.#entries.get(key);
      if (entry) {
        entry.search = search;
        entry.sent = search;
      }
      const at = (placeOf(window.history.state) ?? 0) + 1;
      window.history.pushState({ rpcPlayground: key, at } satisfies EntryState, "", address);
    };
    this.#sentOn = placeOf(window.history.state);
    this.#current = key;
    this.#sentFrom = key;
  }

  /** The last send's answer arrived: it is kept with that send's entry (older ones within a budget). */
  keep(answer: KeptAnswer): void {
    const entry = this.#entries.get(this.#sentFrom);
    if (entry) entry.answer = answer;
    boundKeptAnswers(this.#entries);
  }

  /**
   * Back or Forward brought the entry of `state` back: the address to read its request from (as it
   * was sent from there, else as it stands) and its kept answer ("none": it kept none); null when
   * this move is to be passed over (another follows).
   */
  moved(state: unknown): { search: string; answer: KeptAnswer | "none" } | null {
    const key = keyOf(state);
    // The entry Back or Forward shows is its own address: an edit's rewrite made before does not follow.
    this.#replaceAfterPush = false;
    if (this.#unpushed) {
      // Back before the last send's entry was pushed (its answer shown, not yet idle): the browser
      // went back from the entry before it, one too far for what was on screen. Forward again to
      // that entry, whose move shows it; the last send's entry stays unpushed.
      this.#unpushed = null;
      const at = placeOf(state);
      if (at !== undefined && this.#sentOn !== undefined && at < this.#sentOn) {
        window.history.forward();
        return null;
      }
    }
    const entry = key ? this.#entries.get(key) : undefined;
    this.#current = key ?? this.#add(window.location.search);
    return {
      search: entry?.sent ?? entry?.search ?? window.location.search,
      answer: entry?.answer ?? "none",
    };
  }
}
