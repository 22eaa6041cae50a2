import { type PressWatch, sharePresses } from "../../chain/press-watch.ts";
import { SETTING_CONTROL_SELECTOR } from "../../components/ui/setting-control.ts";

/**
 * Where the user writes the request (the method's form, the body), marked on their wrappers: while
 * the focus is in one of them, the app does not change the draft on its own (a network's examples
 * arriving would replace the text under the cursor, and a selection made to paste over it). A
 * setting inside one (`settingControl`: the body's "Plain text box") is not writing the request.
 */
export const writingPart = { "data-writing-request": "" } as const;

const SELECTOR = "[data-writing-request]";

/**
 * Whether the user holds the draft now (writing the request, or pressing a pointer: a click on
 * Send still to come), and a word when they let it go.
 */
export type WritingFocus = {
  now(): boolean;
  /**
   * Calls `left` after the focus left the form or the body for somewhere else, and after a press
   * ended (a task after its release: after its click), when the user is not writing; returns the
   * stop.
   */
  onLeave(left: () => void): () => void;
};

const writingNow = () => {
  const active = typeof document === "undefined" ? null : document.activeElement;
  return active?.closest(SELECTOR) != null && active.closest(SETTING_CONTROL_SELECTOR) == null;
};

/** The live `onLeave`'s share of the page's presses (the playground keeps one for its life: followNetwork). */
let presses: PressWatch | null = null;

/**
 * The page's focus, read from the document, and its pointer's presses (none outside a browser). A
 * press counts as holding the draft: a network's examples arriving between a press on Send and its
 * click would change the body the click sends (and the page under the pointer).
 */
export const documentFocus: WritingFocus = {
  now: () => writingNow() || (presses?.pressed() ?? false),
  onLeave(left) {
    if (typeof document === "undefined") return () => undefined;
    let cancel = () => {};
    const look = () => {
      cancel = watch.whenReleased(() => {
        if (!documentFocus.now()) left();
      });
    };
    // A press ended: what waited for it (or for the focus to leave, by that press) looks once.
    const watch = sharePresses({
      released: () => {
        cancel();
        look();
      },
    });
    presses = watch;
    const out = (e: FocusEvent) => {
      if (!(e.target instanceof Element) || !e.target.closest(SELECTOR)) return;
      cancel();
      // The focus lands after `focusout`: a task later, it is where it went (another field, or not).
      // Pressed on Send, the change waits for the button's release and its click: the body must
      // still be the one on screen when the click sends it (nor may the page move under the
      // pointer meanwhile).
      look();
    };
    document.addEventListener("focusout", out);
    return () => {
      cancel();
      watch.stop();
      if (presses === watch) presses = null;
      document.removeEventListener("focusout", out);
    };
  },
};
