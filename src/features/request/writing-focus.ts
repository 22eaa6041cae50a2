import { nextTask } from "../../chain/next-task.ts";
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
    let cancel = () => {};
    /** A pointer is pressed: a press that takes the focus out is a click still to come. */
    let pressed = false;
    let released: (() => void) | null = null;
    const down = () => {
      pressed = true;
    };
    const up = () => {
      pressed = false;
      const run = released;
      released = null;
      run?.();
    };
    const out = (e: FocusEvent) => {
      if (!(e.target instanceof Element) || !e.target.closest(SELECTOR)) return;
      cancel();
      // The focus lands after `focusout`: a task later, it is where it went (another field, or not).
      // Pressed on Send, the change waits for the button's release and its click (a task after the
      // release): a person's press lasts about 100 ms, and the body must still be the one on
      // screen when the click sends it (nor may the page move under the pointer meanwhile).
      const look = () => {
        cancel = nextTask(() => {
          if (!documentFocus.now()) left();
        });
      };
      if (!pressed) return look();
      released = look;
      cancel = () => {
        released = null;
      };
    };
    // A press the page may never hear released: the window left while the button is down (another
    // window brought forward, the press ended there). Its leaving counts as the release.
    const page = typeof window === "undefined" ? undefined : window;
    document.addEventListener("pointerdown", down, true);
    document.addEventListener("pointerup", up, true);
    document.addEventListener("pointercancel", up, true);
    document.addEventListener("focusout", out);
    page?.addEventListener("blur", up);
    return () => {
      cancel();
      document.removeEventListener("pointerdown", down, true);
      document.removeEventListener("pointerup", up, true);
      document.removeEventListener("pointercancel", up, true);
      document.removeEventListener("focusout", out);
      page?.removeEventListener("blur", up);
    };
  },
};
