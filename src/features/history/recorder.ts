import type { QueryClient } from "@tanstack/react-query";
import { type LoadOnce, loadOnce } from "../../chain/load-once.ts";
import { afterNextPaint, whenIdle } from "../../chain/next-task.ts";
import { type SentEvent, subscribeSending, subscribeSent } from "../../send/sent.ts";
import type { SendVariables } from "../../send/useSendRequest.ts";
import type { HistoryStore } from "./history-store.ts";
import { browserPage, type LeavingPage, readLeaving, removeLeaving, writeLeaving } from "./leaving-store.ts";

const newId = (at: number) =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${at.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The entry's code, imported once: each `import()` of a chunk with dependencies looks its
 * dependencies up in the page (Vite's preload helper), about a millisecond in the click's task.
 */
const entryCode = loadOnce(() => import("./history-entry.ts"));

/**
 * Loads the entry's code ahead of the first send (the shell calls it in idle time after the first
 * screen), so the first send's request is not kept while its answer is read, and a page left soon
 * after a send can write its request (`startHistoryRecording`'s `unsaved`).
 */
export function prefetchEntryCode(): Promise<void> {
  return entryCode.get().then(
    () => {},
    () => {
      // Only a head start: the first entry to keep loads it again.
    },
  );
}

/**
 * Keeps every request the user sends in the history `history.get()` gives, until the returned function
 * is called. The playground shell starts it when it mounts. `secrets` are every key the page knows
 * at the moment of the send, scrubbed from the entry (not only the one this request used). The
 * entry's code (its schema, the error texts) and the history's own are loaded with the first entry
 * to keep, in idle time: none of it is part of the first screen.
 */
export function startHistoryRecording(
  client: QueryClient,
  history: Pick<
    LoadOnce<Pick<HistoryStore, "add" | "remove" | "load" | "getSnapshot" | "isForgotten">>,
    "get" | "current"
  >,
  secrets: () => readonly string[],
  page: LeavingPage = browserPage(),
): () => void {
  /** Entries still to be kept, each with the cancel of its idle callback. */
  const waiting = new Map<() => void, () => void>();
  /** Each send on its way (by its variables): its entry id, and the keeping of its entry as sent. */
  const ids = new WeakMap<object, { id: string; kept: Promise<unknown> }>();
  const code = () => Promise.all([history.get(), entryCode.get()]);
  /**
   * Sends whose last entry is not in storage yet, by entry id: the request (until its entry as sent
   * is kept) and the answer (from when it comes until its entry is kept, in idle time). When the
   * page is left (a reload, a closed tab, a hidden tab the browser may discard), their entries are
   * written to localStorage, which is done when the call returns; the next page reads them into
   * the history (`keepLeftBehind`).
   */
  const unsaved = new Map<
    string,
    { vars: SendVariables; at: number; answered?: { e: SentEvent; now: number; known: string[] } }
  >();
  const pageId = newId(Date.now());
  /** Whether this page's record of them is in localStorage now. */
  let recorded = false;
  const record = () => {
    // The entry's code is loaded in idle time after the first screen (`prefetchEntryCode`) and by
    // the first send: a page left before it came (within a second or so of its opening) writes
    // nothing, for nothing unscrubbed of the keys may be written.
    const made = entryCode.current();
    if (!made) return;
    const known = [...secrets()];
    const entries = [...unsaved]
      // What the user deleted meanwhile stays deleted (the history is loaded: the entry was shown).
      .filter(([id]) => !history.current()?.isForgotten(id))
      .map(([id, s]) =>
        s.answered
          ? made.toHistoryEntry(s.answered.e, { id, now: s.answered.now, secrets: s.answered.known })
          : made.toSentEntry(s.vars, s.at, { id, secrets: known }),
      );
    recorded = writeLeaving(page.storage, pageId, entries);
  };
  /**
   * An entry of send `id` is in storage: its request's (`answer` false; nothing more when its
   * answer came meanwhile and is still to keep) or its answer's. A record written while it was not
   * is written again without it.
   */
  const saved = (id: string, answer: boolean) => {
    if (!answer && unsaved.get(id)?.answered) return;
    if (unsaved.delete(id) && recorded) record();
  };
  const stopLeaving = page.onLeaving((leaving) => {
    if (leaving) {
      if (unsaved.size > 0) record();
    } else if (recorded) {
      // Back (a tab shown again, a page restored from the back-forward cache): its sends go to
      // storage the usual way, and a record left behind could bring one back after it was deleted.
      recorded = writeLeaving(page.storage, pageId, []);
    }
  });
  // The request is kept before its answer, not with it: a reload while the answer is awaited keeps
  // it ("sent"); the answer replaces the entry (same id) when it comes.
  const stopSending = subscribeSending(client, (e) => {
    if (e.dropped) {
      // Replaced by a newer send before anything of it was shown: it will get no answer.
      const sentAs = ids.get(e.vars);
      ids.delete(e.vars);
      if (sentAs) saved(sentAs.id, true);
      if (sentAs)
        void sentAs.kept.then(history.get).then(
          (h) => h.remove(sentAs.id),
          () => {},
        );
      return;
    }
    const id = newId(e.at);
    // Once the send is shown (its answer drawn, or its "Waiting…" line after the quiet wait of up
    // to 190 ms), in a task after that frame. In the task after the click (as before) the entry's
    // making and its IndexedDB write, 3 to 8 ms at CPU 2x, ran while a quick answer came and held
    // it back. The keys to scrub are read then (the send's own key is scrubbed whatever they are).
    // A reload or a closed tab before then gives an IndexedDB write no time to finish: the request
    // is written to localStorage as the page is left (`unsaved`), and kept by the next page.
    unsaved.set(id, { vars: e.vars, at: e.at });
    if (!entryCode.current()) prefetchEntryCode();
    const kept = e.shown
      .then(() => afterNextPaint())
      .then(() => Promise.all([code(), [...secrets()]]))
      .then(([[h, { toSentEntry }], known]) => h.add(toSentEntry(e.vars, e.at, { id, secrets: known })))
      .then(() => saved(id, false))
      .catch(() => {
        // The history's code did not load (offline): the entry with its answer tries again.
      });
    ids.set(e.vars, { id, kept });
  });
  const stopSent = subscribeSent(client, (e) => {
    const now = Date.now();
    const known = [...secrets()];
    const sentAs = ids.get(e.vars);
    ids.delete(e.vars);
    const id = sentAs?.id ?? newId(now);
    unsaved.set(id, { vars: e.vars, at: e.at, answered: { e, now, known } });
    // After the entry as sent is kept, never before: the answer's entry must be the one that stays.
    const keep = () =>
      void (sentAs?.kept ?? Promise.resolve())
        .then(code)
        .then(([h, { toHistoryEntry }]) => h.add(toHistoryEntry(e, { id, now, secrets: known })))
        .then(() => saved(id, true))
        .catch(() => {
          // The history's code did not load (offline): this entry is not kept; the next send tries again.
        });
    // Off the send's critical path: the answer paints first, then its entry replaces the one kept
    // at the send, when the browser is idle (at the latest a second later).
    const cancel = whenIdle(() => {
      waiting.delete(cancel);
      keep();
    }, 1000);
    waiting.set(cancel, keep);
  });
  const stopKeeping = keepLeftBehind(page.storage, code);
  const stop = () => {
    stopSending();
    stopSent();
    stopLeaving();
    stopKeeping();
  };
  return () => {
    stop();
    // Sends that ended before the recording stopped are still kept, now.
    for (const [cancel, keep] of waiting) {
      cancel();
      keep();
    }
    waiting.clear();
  };
}

/**
 * Keeps the entries earlier pages left in localStorage (leaving-store.ts) in the history, in idle
 * time after the page starts (the records are read then, not as the page starts): each one checked
 * against the entry's schema and added as any entry is (`add`: a request's entry gives way to its
 * answer's, never the other way round). The records are removed once their entries are kept; one
 * that holds nothing readable is removed too.
 */
function keepLeftBehind(
  storage: Storage | undefined,
  code: () => Promise<[Pick<HistoryStore, "add" | "load">, typeof import("./history-entry.ts")]>,
): () => void {
  return whenIdle(() => {
    const left = readLeaving(storage);
    if (left.keys.length === 0) return;
    void code()
      .then(async ([h, { historyEntrySchema }]) => {
        // Loaded first: a request's entry is written at once when the history does not hold its id
        // yet, and must not go over its answer's, stored by the page that left.
        await h.load();
        for (const raw of left.entries) {
          const checked = historyEntrySchema.safeParse(raw);
          if (checked.success) await h.add(checked.data);
        }
        removeLeaving(storage, left.keys);
      })
      .catch(() => {
        // The history's code did not load (offline): the records stay for the next start.
      });
  });
}
