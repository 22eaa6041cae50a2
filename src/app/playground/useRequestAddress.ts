import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  applyAddress,
  applyPlan,
  readAddress,
  type ShareNotice,
} from "../../features/share/apply-share-link.ts";
import { addressForBody } from "../../features/share/request-address.ts";
import { devnetConfigQuery } from "../../networks/devnet-config.ts";
import type { SendOutcome } from "../../send/useSendDraft.ts";
import type { SentRequest } from "../../send/useSendRequest.ts";
import { useAppStoreApi } from "../../state/AppStoreProvider.tsx";
import { useReadCurrent } from "../../state/useNetworks.ts";

/** An answer kept with its history entry, shown again by Back and Forward without re-sending. */
type KeptAnswer = { status: "success"; data: SentRequest } | { status: "error"; error: unknown };

/**
 * `search`: the entry's address as it stands (edits rewrite it); `sent`: the request as it was sent
 * from this entry, which Back and Forward restore with its answer.
 */
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

/** Entries of this page's life only: a reload starts a new session, whose keys never match old ones. */
const SESSION = Math.random().toString(36).slice(2, 8);
const MAX_ENTRIES = 50;
const SYNC_DELAY_MS = 250;
type EntryState = { rpcPlayground: string };
const keyOf = (state: unknown) =>
  typeof state === "object" && state !== null && typeof (state as EntryState).rpcPlayground === "string"
    ? (state as EntryState).rpcPlayground
    : undefined;

/** A send's history entry is pushed once its answer is painted, or this long after the send. */
const PUSH_AT_LATEST_MS = 250;

/**
 * The address bar says what is on screen (docs/decisions.md, "Addresses"): an address opened fills
 * the request (and sends it with `send=1`); every edit rewrites the address (`replaceState`); every
 * Send pushes an entry; Back and Forward show an entry's request and its kept answer, never re-sent.
 */
export function useRequestAddress(submit: (text?: string, anyway?: boolean) => SendOutcome) {
  const store = useAppStoreApi();
  const readCurrent = useReadCurrent();
  const entries = useRef(new Map<string, Entry>());
  const count = useRef(0);
  const current = useRef<string>("");
  /** The entry of the send whose answer is still to come. */
  const sentFrom = useRef<string>("");
  const [notice, setNotice] = useState<ShareNotice | undefined>(undefined);
  /** An entry's answer shown by Back or Forward ("none": that entry kept none), or null: the live one. */
  const [restored, setRestored] = useState<KeptAnswer | "none" | null>(null);

  const addressNow = useCallback((): string | undefined => {
    const { network, state } = readCurrent();
    const made = addressForBody(window.location.href, network, state.bodyText, state.transport);
    return made.ok ? made.value : undefined;
  }, [readCurrent]);

  const newEntry = useCallback((search: string): string => {
    count.current += 1;
    const key = `${SESSION}:${count.current}`;
    entries.current.set(key, { search });
    for (const old of entries.current.keys()) {
      if (entries.current.size <= MAX_ENTRIES) break;
      entries.current.delete(old);
    }
    return key;
  }, []);

  /**
   * A send's history entry, pushed once its answer is painted (or 250 ms after the send): the
   * browser's pushState is a round trip to its own process (0.1 to 10 ms here), which would
   * otherwise delay the answer. Anything else that touches the history pushes it first.
   */
  const pendingPush = useRef<{ push(): void; cancel(): void } | null>(null);
  const flushPush = useCallback(() => {
    const pending = pendingPush.current;
    pendingPush.current = null;
    pending?.cancel();
    pending?.push();
  }, []);

  const replaceNow = useCallback(() => {
    flushPush();
    const address = addressNow();
    if (!address || address === window.location.href) return;
    window.history.replaceState(window.history.state, "", address);
    const entry = entries.current.get(current.current);
    if (entry) entry.search = window.location.search;
  }, [addressNow, flushPush]);

  /** Sends, and on success gives the send an entry of its own in the browser's history. */
  const submitAndPush = useCallback(
    (text?: string, anyway?: boolean): SendOutcome => {
      flushPush();
      const outcome = submit(text, anyway);
      if (outcome !== "sent") return outcome;
      const address = addressNow() ?? window.location.href;
      const search = new URL(address).search;
      const key = newEntry(search);
      const entry = entries.current.get(key);
      if (entry) entry.sent = search;
      const timer = setTimeout(flushPush, PUSH_AT_LATEST_MS);
      pendingPush.current = {
        push: () => window.history.pushState({ rpcPlayground: key } satisfies EntryState, "", address),
        cancel: () => clearTimeout(timer),
      };
      current.current = key;
      sentFrom.current = key;
      setRestored(null);
      return outcome;
    },
    [submit, addressNow, newEntry, flushPush],
  );

  /** The answer of the last send arrived: keep it with that send's entry (older ones within a budget). */
  const keepAnswer = useCallback(
    (answer: KeptAnswer) => {
      const entry = entries.current.get(sentFrom.current);
      if (entry) entry.answer = answer;
      boundKeptAnswers(entries.current);
      // The entry is pushed after the answer's frame: the next frame's start, then a task after it.
      if (pendingPush.current) requestAnimationFrame(() => setTimeout(flushPush, 0));
    },
    [flushPush],
  );

  // Opening: the address's request, once the devnet's config has answered (a send=1 needs its
  // addresses and key) and the first render's effects have fitted the method to the network.
  const configSettled = !useQuery(devnetConfigQuery).isPending;
  const openedOnce = useRef(false);
  useEffect(() => {
    if (!configSettled || openedOnce.current) return;
    const timer = setTimeout(() => {
      openedOnce.current = true;
      const read = readAddress(window.location.search, readCurrent());
      const opened = applyAddress(read, readCurrent);
      setNotice(opened.notice);
      const key = newEntry(window.location.search);
      current.current = key;
      window.history.replaceState({ rpcPlayground: key } satisfies EntryState, "", window.location.href);
      // The address now says what is on screen: the request opened, or the one kept from before.
      replaceNow();
      if (opened.send) submitAndPush();
    }, 0);
    return () => clearTimeout(timer);
  }, [configSettled, readCurrent, newEntry, replaceNow, submitAndPush]);

  // Editing rewrites the current entry's address.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe((s, prev) => {
      if (
        s.bodyText === prev.bodyText &&
        s.selectedNetworkId === prev.selectedNetworkId &&
        s.transport === prev.transport &&
        s.customNetworks === prev.customNetworks
      )
        return;
      clearTimeout(timer);
      timer = setTimeout(replaceNow, SYNC_DELAY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, replaceNow]);

  // Back and Forward: the entry's request, and its answer if this page kept it.
  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      // The user went Back or Forward before the last send's entry was pushed: it stays unpushed.
      pendingPush.current?.cancel();
      pendingPush.current = null;
      const key = keyOf(e.state);
      const entry = key ? entries.current.get(key) : undefined;
      current.current = key ?? newEntry(window.location.search);
      const read = readAddress(entry?.sent ?? entry?.search ?? window.location.search, readCurrent());
      if (read.kind === "ok") applyPlan(read.plan, readCurrent().state);
      setRestored(entry?.answer ?? "none");
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [readCurrent, newEntry]);

  return {
    notice,
    dismissNotice: useCallback(() => setNotice(undefined), []),
    restored,
    submit: submitAndPush,
    keepAnswer,
  };
}
