import { safeLocalStorage } from "../../state/storage-check.ts";
import type { HistoryEntry } from "./history-entry.ts";

/**
 * The entries a page had not yet kept in the history when it was left (a reload, a closed tab, a
 * tab hidden and then discarded): a request on its way, or an answer whose entry waited for idle
 * time. Written to localStorage in the `pagehide` (or `visibilitychange`) handler, because a
 * page's leaving gives an IndexedDB write no time to finish and a localStorage write is done when
 * the call returns. The next page to start reads them into the history (recorder.ts). Each page
 * writes under a key of its own, so two tabs do not overwrite each other's.
 *
 * What is written is already scrubbed of the keys (`toSentEntry`, `toHistoryEntry`); what is read
 * is outside input (another version, another tab, a hand edit): it is only handed on as
 * `unknown`, to be checked against the entry's schema.
 */
const PREFIX = "rpc-playground:history-leaving:";

/** At most this many requests in one page's record; the newest are kept. */
export const MAX_LEAVING_ENTRIES = 50;
/**
 * A record's text stays under this many characters (localStorage's room is about 5 million, for
 * every key).
 */
export const MAX_LEAVING_CHARS = 1_000_000;
/** Records read at a start: more are removed unread (a storage filled by a script). */
const MAX_RECORDS = 20;

/**
 * Writes (or, with no entries, removes) page `pageId`'s record: the newest entries that fit.
 * Says whether a record is there now; a full or refused storage writes nothing, and says false.
 */
export function writeLeaving(
  storage: Storage | undefined,
  pageId: string,
  entries: readonly HistoryEntry[],
): boolean {
  if (!storage) return false;
  try {
    if (entries.length === 0) {
      storage.removeItem(PREFIX + pageId);
      return false;
    }
    const texts: string[] = [];
    let chars = 2;
    for (const e of [...entries].sort((a, b) => b.at - a.at).slice(0, MAX_LEAVING_ENTRIES)) {
      const text = JSON.stringify(e);
      if (chars + text.length + 1 > MAX_LEAVING_CHARS) continue;
      chars += text.length + 1;
      texts.push(text);
    }
    storage.setItem(PREFIX + pageId, `[${texts.join(",")}]`);
    return true;
  } catch {
    return false;
  }
}

/** Removes the records of `keys` (as `readLeaving` gave them). */
export function removeLeaving(storage: Storage | undefined, keys: readonly string[]): void {
  for (const key of keys) {
    try {
      storage?.removeItem(key);
    } catch {
      // Storage refused: the record is read again at the next start, and found already kept.
    }
  }
}

/**
 * Every page's record left in `storage`: the keys (to remove once their entries are kept) and the
 * entries, unchecked. A record that is not a JSON array gives no entries (and its key, to remove).
 */
export function readLeaving(storage: Storage | undefined): { keys: string[]; entries: unknown[] } {
  const keys: string[] = [];
  const entries: unknown[] = [];
  if (!storage) return { keys, entries };
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys.slice(0, MAX_RECORDS)) {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(key) ?? "");
        if (Array.isArray(parsed)) entries.push(...parsed.slice(0, MAX_LEAVING_ENTRIES));
      } catch {
        // Not JSON: nothing to keep of it; its key is removed with the rest.
      }
    }
  } catch {
    // Storage refused while being read: what was read so far.
  }
  return { keys, entries };
}

/** Where the recorder hears that its page is left or back, and the storage it writes to then. */
export type LeavingPage = {
  storage: Storage | undefined;
  /** Calls `listener` with true as the page is left or hidden, false as it is shown again; gives the stop. */
  onLeaving(listener: (leaving: boolean) => void): () => void;
};

/**
 * The browser's page: `pagehide` (a reload, a closed tab, a navigation away) and a hidden
 * `visibilitychange` (a phone's browser may discard a hidden tab without a `pagehide`) are leaving;
 * a `pageshow` from the back-forward cache and a visible `visibilitychange` are back.
 */
export function browserPage(): LeavingPage {
  return {
    storage: safeLocalStorage(),
    onLeaving(listener) {
      if (typeof window === "undefined" || typeof document === "undefined") return () => {};
      const hide = () => listener(true);
      const show = (e: PageTransitionEvent) => {
        if (e.persisted) listener(false);
      };
      const visibility = () => listener(document.visibilityState === "hidden");
      window.addEventListener("pagehide", hide);
      window.addEventListener("pageshow", show);
      document.addEventListener("visibilitychange", visibility);
      return () => {
        window.removeEventListener("pagehide", hide);
        window.removeEventListener("pageshow", show);
        document.removeEventListener("visibilitychange", visibility);
      };
    },
  };
}
