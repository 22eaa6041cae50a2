/**
 * The one span where `next` differs from `text` (offsets in `text`), and what replaces it: the
 * app's change of the body (the next id, a value in the form) edits only that span, so Monaco
 * keeps the cursor, the selection and the scroll wherever the text did not change. Replaced whole,
 * a body rewritten in canonical form (a space dropped) put the cursor on the next line.
 */
export function changedSpan(text: string, next: string): { from: number; to: number; insert: string } {
  const most = Math.min(text.length, next.length);
  let head = 0;
  while (head < most && text.charCodeAt(head) === next.charCodeAt(head)) head++;
  let tail = 0;
  while (
    tail < most - head &&
    text.charCodeAt(text.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)
  )
    tail++;
  // Never between the two halves of a surrogate pair.
  if (head > 0 && isHighSurrogate(text.charCodeAt(head - 1))) head--;
  if (tail > 0 && isLowSurrogate(text.charCodeAt(text.length - tail))) tail--;
  return { from: head, to: text.length - tail, insert: next.slice(head, next.length - tail) };
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Where a selection `start`…`end` of `text` goes when the app makes the text `next` (the plain
 * text box, whose value React sets whole): before the changed span it stays, after it it moves
 * with the text, inside it it goes to the span's edges. A select-all stays a select-all, and a
 * caret after the id stays after the next one.
 */
export function selectionAfter(
  text: string,
  next: string,
  start: number,
  end: number,
): { start: number; end: number } {
  const { from, to, insert } = changedSpan(text, next);
  const delta = insert.length - (to - from);
  // After the span (or at its end, when it replaced something) the position moves with the text;
  // inside it, to its start (a selection's start) or the end of what replaced it (its end).
  const move = (p: number, inside: number) =>
    p > to || (p === to && to > from) ? p + delta : p > from ? inside : p;
  const end2 = move(end, from + insert.length);
  // A caret inside the span goes after what replaced it, as a caret.
  return { start: start === end ? end2 : move(start, from), end: end2 };
}
