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
