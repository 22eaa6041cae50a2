import { type RefObject, useLayoutEffect, useRef } from "react";
import { selectionAfter } from "./changed-span.ts";

/**
 * The plain text box's selection through the app's changes of its text (the next id written after
 * an answer): React sets a textarea's value whole, and the browser then puts the caret at the end,
 * so a select-all made just before, then a paste, added the pasted text after the body instead of
 * replacing it. The selection the box held is read as the new text is rendered, before React
 * writes it, and set again after, moved as the text moved (`selectionAfter`). Only while the box
 * has the focus: a box the user is not in has no selection to keep. `ref` is the box's (the plain
 * text box, or the textarea that holds the body while Monaco loads).
 */
export function useKeptSelection(value: string, ref: RefObject<HTMLTextAreaElement | null>): void {
  const held = useRef<{ text: string; start: number; end: number } | null>(null);
  const box = ref.current;
  if (box && box.value !== value && box.ownerDocument.activeElement === box)
    held.current = { text: box.value, start: box.selectionStart, end: box.selectionEnd };
  useLayoutEffect(() => {
    const was = held.current;
    held.current = null;
    const el = ref.current;
    if (!was || !el || el.value !== value || el.ownerDocument.activeElement !== el) return;
    const kept = selectionAfter(was.text, value, was.start, was.end);
    el.setSelectionRange(kept.start, kept.end);
  }, [value, ref]);
}
