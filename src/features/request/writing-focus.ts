import { watchPresses } from "../../chain/press-watch.ts";
import { SETTING_CONTROL_SELECTOR } from "../../components/ui/setting-control.ts";

/**
 * Where the user writes the request (the method's form, the body), marked on their wrappers: while
 * the focus is in one of them, the app does not change the draft on its own (a network's examples
 * arriving would replace the text under the cursor, and a selection made to paste over it). A
 * setting inside one (`settingControl`: the body's "Plain text box") is not writing the request.
 */
export const writingPart = { "data-writing-request": "" } as const;

const SELECTOR = "[data-writing-request]";

/** Whether the user is writing the request now, and a word when they stop (the focus leaves). */
export type WritingFocus = {
  now(): boolean;
  /** Calls `left` after the focus left the form or the body for somewhere else; returns the stop. */
  onLeave(left: () => void): () => void;
};

/** The page's focus, read from the document (none outside a browser). */
export const documentFocus: WritingFocus = {
  now: () => {
    const active = typeof document === "undefined" ? null : document.activeElement;
    return active?.closest(SELECTOR) != null && active.closest(SETTING_CONTROL_SELECTOR) == null;
  },
  onLeave(left) {
    if (typeof document === "undefined") return () => undefined;
    const presses = watchPresses();
    let cancel = () => {};
    const out = (e: FocusEvent) => {
      if (!(e.target instanceof Element) || !e.target.closest(SELECTOR)) return;
      cancel();
      // The focus lands after `focusout`: a task later, it is where it went (another field, or not).
      // Pressed on Send, the change waits for the button's release and its click: the body must
      // still be the one on screen when the click sends it (nor may the page move under the
      // pointer meanwhile).
      cancel = presses.whenReleased(() => {
        if (!documentFocus.now()) left();
      });
    };
    document.addEventListener("focusout", out);
    return () => {
      cancel();
      presses.stop();
      document.removeEventListener("focusout", out);
    };
  },
};
