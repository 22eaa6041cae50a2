/**
 * Runs `look` once the browser has laid `el` out by itself, where reading its geometry or scroll
 * forces no layout: in a ResizeObserver's reports (the first comes right after `observe`, after
 * the frame's own layout). Read in a commit's effect instead, the same read forced a layout with a
 * big answer's first rows (25 ms on a CPU slowed 2x). `forMs`: how long it looks again as `el`
 * settles (grows or shrinks); 0, the first report only. Where there is no ResizeObserver, at once.
 * Returns a stop.
 */
export function afterLayout(el: Element, look: () => void, forMs = 0): () => void {
  if (typeof ResizeObserver !== "function") {
    look();
    return () => {};
  }
  const watch = new ResizeObserver(() => {
    if (forMs === 0) watch.disconnect();
    look();
  });
  watch.observe(el);
  const stop = forMs > 0 ? setTimeout(() => watch.disconnect(), forMs) : undefined;
  return () => {
    clearTimeout(stop);
    watch.disconnect();
  };
}
