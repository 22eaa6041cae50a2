import { useQuery } from "@tanstack/react-query";
import { type Dispatch, type SetStateAction, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { loadOnce } from "../../chain/load-once.ts";
import { SETTING_CONTROL_SELECTOR } from "../../components/ui/setting-control.ts";
import { fieldCodeOf } from "../../features/request/fields/param-fields.ts";
import type { ShareNotice } from "../../features/share/apply-share-link.ts";
import { addressForBody } from "../../features/share/request-address.ts";
import { getMethod } from "../../methods/registry.ts";
import { devnetConfigQuery } from "../../networks/devnet-config.ts";
import type { SendFollow, SendOutcome } from "../../send/useSendRequest.ts";
import { useAppStoreApi } from "../../state/AppStoreProvider.tsx";
import { type Current, useReadCurrent } from "../../state/useNetworks.ts";
import { AddressEntries, type KeptAnswer } from "./address-entries.ts";

type AddressCode = typeof import("../../features/share/apply-share-link.ts");
/**
 * Reading a request from an address (with zod's checks): a chunk loaded when the page opens with a
 * query, or Back/Forward moves; a page opened without one never loads it.
 */
const addressCode = loadOnce<AddressCode>(() => import("../../features/share/apply-share-link.ts"));

/** An edit rewrites the address once the user pauses this long. */
const SYNC_DELAY_MS = 250;

/** The address of what is on screen, or undefined when the body cannot be written into one. */
function addressOf({ network, state }: Current): string | undefined {
  const made = addressForBody(window.location.href, network, state.bodyText, state.transport);
  return made.ok ? made.value : undefined;
}

/**
 * The address bar says what is on screen (docs/decisions.md, "Addresses"): every edit rewrites the
 * address (`replaceState`); every Send pushes an entry (`follow`, which the shell hands to the
 * send); Back and Forward show an entry's request and its kept answer, never re-sent. Opening the
 * page's own address is `useOpenAddress`.
 */
export function useRequestAddress() {
  const readCurrent = useReadCurrent();
  const [entries] = useState(
    () =>
      new AddressEntries(
        () => addressOf(readCurrent()),
        // A send's address is written after its answer's paint, from what was on screen at the send.
        () => {
          const then = readCurrent();
          return () => addressOf(then);
        },
      ),
  );
  /** An entry's answer shown by Back or Forward ("none": that entry kept none), or null: the live one. */
  const [restored, setRestored] = useState<KeptAnswer | "none" | null>(null);
  const follow = useMemo<SendFollow>(
    () => ({
      sent: () => {
        entries.sent();
        setRestored(null);
        return entries.pushNow;
      },
      settled: (answer) => entries.keep(answer),
    }),
    [entries],
  );
  useEditsRewriteAddress(entries);
  useBackForward(entries, setRestored);
  return { entries, restored, follow };
}

/** Editing rewrites the current entry's address, once the user pauses. */
function useEditsRewriteAddress(entries: AddressEntries) {
  const store = useAppStoreApi();
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
      // Timer: one replaceState per pause in typing, not one per keystroke.
      timer = setTimeout(entries.replace, SYNC_DELAY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, entries]);
}

/** Back and Forward: the entry's request, and its answer if this page kept it. */
function useBackForward(entries: AddressEntries, show: Dispatch<SetStateAction<KeptAnswer | "none" | null>>) {
  const readCurrent = useReadCurrent();
  useEffect(() => {
    let moves = 0;
    const onPop = (e: PopStateEvent) => {
      const moved = entries.moved(e.state);
      if (!moved) return;
      const { search, answer } = moved;
      const move = ++moves;
      const apply = ({ readAddress, applyPlan }: AddressCode) => {
        // Only the last move applies when several come before the code is there.
        if (move !== moves) return;
        const read = readAddress(search, readCurrent());
        if (read.kind === "ok") applyPlan(read.plan, readCurrent().state);
        show(answer);
      };
      addressCode.get().then(apply, () => show(answer));
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [entries, readCurrent, show]);
}

/**
 * Opening: the page's address fills the request (and sends it with `send=1`), once the devnet's
 * config has answered (a send=1 needs its addresses and key). Returns what to tell the user of it,
 * and `holdSend`: a Send clicked while a link is still being read waits for it and sends the link's
 * request (not the default one the form showed for those few milliseconds).
 */
export function useOpenAddress(entries: AddressEntries, submit: () => SendOutcome) {
  const readCurrent = useReadCurrent();
  const [notice, setNotice] = useState<ShareNotice | undefined>(undefined);
  const held = useRef(false);
  const wasEdited = useEditedBeforeOpen(entries);
  const configSettled = !useQuery(devnetConfigQuery).isPending;
  useEffect(() => {
    if (!configSettled || entries.opened) return;
    // Timer: a task after the first render's effects, which fit the method to the network (followNetwork).
    const timer = setTimeout(() => {
      /** The link's request put in place; true when it asks to be sent. */
      const putInPlace = (code: AddressCode, search: string) => {
        const opened = code.applyAddress(code.readAddress(search, readCurrent()), readCurrent);
        setNotice(opened.notice);
        return opened.send;
      };
      const sendNow = () => {
        const outcome = submit();
        // A link's body with problems waits for Send anyway, as a body typed does: the notice says so.
        if (typeof outcome === "object")
          setNotice({ tone: "bad", title: "This link's request was not sent.", detail: outcome.notSent });
      };
      const open = (code?: AddressCode) => {
        const search = window.location.search;
        const sendHeld = held.current;
        held.current = false;
        // Typed before the link could be read (a slow config or chunk, a reload): the typing is
        // kept, and a link's request that can be opened is offered instead of put over it
        // (docs/decisions.md). A bad link changes nothing anyway: its alert says so, as ever.
        const read = code && wasEdited() ? code.readAddress(search, readCurrent()) : undefined;
        const offer =
          code && read?.kind === "ok"
            ? editedNotice(read.send, () => {
                if (putInPlace(code, search)) sendNow();
              })
            : undefined;
        let sendLink = false;
        entries.open(() => {
          if (code && !offer) sendLink = putInPlace(code, search);
        });
        if (offer) setNotice(offer);
        if (sendLink || sendHeld) sendNow();
      };
      // No query: nothing to read (the code is not loaded). A chunk that cannot load opens without
      // it, and says so: the link's request is not on screen.
      if (window.location.search === "") open();
      else
        addressCode.get().then(
          (code) => {
            const fields = linkFieldCode(code, readCurrent());
            if (fields) void fields.then(() => open(code));
            else open(code);
          },
          () => {
            open();
            setNotice({
              tone: "bad",
              title: "This link's request could not be opened.",
              detail:
                "The part of the page that reads links did not download (offline?). Reload the page to try again; the playground kept your previous request.",
            });
          },
        );
    }, 0);
    return () => clearTimeout(timer);
  }, [configSettled, entries, readCurrent, submit, wasEdited]);
  const dismissNotice = useCallback(() => setNotice(undefined), []);
  /** True when the Send is held until the page's link is open (the caller then sends nothing now). */
  const holdSend = useCallback(() => {
    if (entries.opened || window.location.search === "") return false;
    held.current = true;
    return true;
  }, [entries]);
  return { notice, dismissNotice, holdSend };
}

/**
 * The code of the lazy fields of the link's method still to come (eth_estimateGas's call object),
 * or undefined: the link is put in place once it is in, so its form comes whole rather than
 * growing above Send as it loads (a Send clicked meanwhile is held, as while the link's own code
 * comes).
 */
function linkFieldCode(code: AddressCode, current: Current): Promise<void> | undefined {
  const read = code.readAddress(window.location.search, current);
  return read.kind === "ok" ? fieldCodeOf(getMethod(read.plan.method)) : undefined;
}

/**
 * Asks whether the user typed or chose anything in the page (an input or change event: the body, a
 * field, a picker) before its own address was opened. Programmatic changes fire neither, and the
 * controls of what a link does not carry (the key, settings: `settingControl`) do not count.
 */
function useEditedBeforeOpen(entries: AddressEntries) {
  const edited = useRef(false);
  useEffect(() => {
    if (entries.opened) return;
    const mark = (e: Event) => {
      if (e.target instanceof Element && e.target.closest(SETTING_CONTROL_SELECTOR)) return;
      if (!entries.opened) edited.current = true;
      stop();
    };
    const stop = () => {
      document.removeEventListener("input", mark, true);
      document.removeEventListener("change", mark, true);
    };
    document.addEventListener("input", mark, true);
    document.addEventListener("change", mark, true);
    return stop;
  }, [entries]);
  return useCallback(() => edited.current, []);
}

/** The link read but not put in place, as the user had started typing: `open` puts it in place (and sends it when the link `sends`). */
function editedNotice(sends: boolean, open: () => void): ShareNotice {
  return {
    tone: "ok",
    title: "Your edits were kept.",
    detail: `You started editing before this page's link was read, so its request was not put over your work.${sends ? " The link asks to send its request: opening it sends it." : ""}`,
    action: { label: "Open the link's request", run: open },
  };
}
