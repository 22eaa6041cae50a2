import type { FocusEvent } from "react";

/**
 * A scroll box's `onFocus`: a control inside it that the keyboard focused is scrolled into view
 * whole, with its ring (the 4 px `scroll-margin` of index.css). Chromium leaves a control the box
 * shows in part as it is (a wide table's last column on a phone: half a button, its ring cut). A
 * pointer's focus is left alone: a scroll under a press would move what it is about to be
 * released on, and the click would be lost.
 */
export function showKeyboardFocus(e: FocusEvent<HTMLElement>) {
  const target = e.target;
  if (target === e.currentTarget || !(target instanceof HTMLElement)) return;
  if (!target.matches(":focus-visible")) return;
  target.scrollIntoView({ block: "nearest", inline: "nearest" });
}
