/**
 * A table whose body is virtualized (`@tanstack/react-virtual`): only the rows in view are in the
 * DOM, so 1,100 transactions or receipts with 5,500 logs scroll smoothly. It stays a real
 * `<table>`: each item is its own `<tbody>` (one row, or a row and its detail row), measured with
 * a ResizeObserver (`measureElement`) so items of any height work; spacer rows stand in for the rows out of view.
 */
import { elementScroll, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { afterNextPaint, whenIdle } from "../../chain/next-task.ts";
import { showKeyboardFocus } from "./show-keyboard-focus.ts";

interface Column {
  label: string;
  /** A CSS width (`"4rem"`, `"22%"`); the table uses a fixed layout so columns do not jump. */
  width: string;
  align?: "left" | "right";
  /** The header is for readers only (an actions column's): visually hidden. */
  hideLabel?: boolean;
}

/** Rows drawn beyond the box's edges, so a quick scroll finds them there. */
const OVERSCAN = 8;
/**
 * The same in the table's first render: the rows in view are all it draws, the fewest to make,
 * style and lay out in the task that first shows an answer (a fresh page's first big block: the
 * view's first render was its longest task); the rest come in the next idle time.
 */
const FIRST_OVERSCAN = 1;
/**
 * The part of the box the first render fills with rows, before the box's real size is known: the
 * top quarter. The first frame shows rows; the rest of the box's rows are drawn in a task of their own
 * once the box's size comes (its ResizeObserver, after that frame's layout). Drawing the whole box
 * at once made the render that first shows a big answer the longest task of a fresh page's first
 * big send (145 ms at CPU 2x, traced; two thirds of it the rows: their decoding, names and elements);
 * its top half was still a frame of 30-38 ms of layout there (decisions.md, "A page's first big send").
 */
const FIRST_FILL = 0.25;

/** The rows drawn: the top FIRST_FILL of those in view, the box (FIRST_OVERSCAN), or with OVERSCAN. */
type DrawStep = "top" | "box" | "all";

export function VirtualTable({
  label,
  columns,
  count,
  estimateSize,
  renderItem,
  itemKey,
  maxHeight = 480,
  minWidth = "56rem",
  source,
}: {
  /** The table's accessible name (its caption). */
  label: string;
  columns: readonly Column[];
  count: number;
  /** Expected height of one item in pixels, before it is measured. */
  estimateSize: number;
  /** The `<tr>` element(s) of item `index`. */
  renderItem: (index: number) => ReactNode;
  /**
   * Item `index`'s key, where items move (a list whose newest comes first): its DOM, focus and
   * measured height follow the item, not its position. The position by default.
   */
  itemKey?: (index: number) => string;
  maxHeight?: number;
  minWidth?: string;
  /**
   * What the rows are of (an answer's table passes its first row, an object kept per raw row: the
   * same while one answer's rows arrive, another for the next answer). When it changes, in a table
   * already drawn, the render draws as the table's first does: the top FIRST_FILL of the rows in
   * view, the rest of the box after that frame is painted, the rows out of view in idle time. A new
   * 1,000-transaction block drew 20 rows of new text in the frame that showed it: their decoding,
   * elements and 14-16 ms of layout at CPU 2x (docs/decisions.md, "A new answer's rows in a table
   * already drawn").
   */
  source?: unknown;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // How much of the rows of `source` is drawn: a new source's top first (the table's first render
  // draws its top by `initialRect` instead), the box once that is painted, the overscan when idle.
  const [drawn, setDrawn] = useState<{ of: unknown; step: DrawStep }>({ of: source, step: "box" });
  const step: DrawStep = drawn.of === source ? drawn.step : "top";
  useEffect(() => {
    if (step === "box") return whenIdle(() => setDrawn({ of: source, step: "all" }));
    if (step === "all") return undefined;
    let live = true;
    void afterNextPaint().then(() => {
      if (live) setDrawn({ of: source, step: "box" });
    });
    return () => {
      live = false;
    };
  }, [step, source]);
  const firstHeight = Math.ceil(maxHeight * FIRST_FILL);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    ...(itemKey && { getItemKey: itemKey }),
    overscan: step === "all" ? OVERSCAN : FIRST_OVERSCAN,
    measureElement: sizeWithoutLayout,
    // The rows for the top of the tallest the box can be, in the first render (FIRST_FILL); its
    // real size comes from a ResizeObserver after the browser's own layout (see observeBoxSize).
    initialRect: { width: 0, height: firstHeight },
    observeElementRect: observeBoxSize,
    scrollToFn: scrollUnlessThere,
  });
  const inView = virtualizer.getVirtualItems();
  const topOf = virtualizer.scrollOffset ?? 0;
  const items = step === "top" ? inView.filter((item) => item.start < topOf + firstHeight) : inView;
  const top = items[0]?.start ?? 0;
  const last = items[items.length - 1];
  const bottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const span = columns.length;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: its controls' focus bubbles here; the handler only scrolls them into view
    <div
      ref={scrollRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      onFocus={showKeyboardFocus}
      className="relative overflow-auto rounded border border-border"
      style={{ maxHeight }}
      data-testid="virtual-scroll"
    >
      <table
        className="w-full table-fixed border-collapse text-sm"
        style={{ minWidth }}
        aria-rowcount={count + 1}
      >
        <caption className="sr-only">{label}</caption>
        <colgroup>
          {columns.map((c) => (
            <col key={c.label} style={{ width: c.width }} />
          ))}
        </colgroup>
        <Head columns={columns} />
        <Spacer height={top} span={span} />
        {items.map((item) => (
          <tbody
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="border-border border-t"
          >
            <Item render={renderItem} index={item.index} />
          </tbody>
        ))}
        <Spacer height={bottom} span={span} />
      </table>
    </div>
  );
}

/**
 * An item's `<tr>` elements, made in a component of its own: a render React may pause (a
 * transition, the answer view's warm-up) yields between items, not only after the whole table.
 */
function Item({ render, index }: { render: (index: number) => ReactNode; index: number }) {
  return render(index);
}

/**
 * An item's height: the ResizeObserver's, which it reports after the browser's layout. When an item
 * is first drawn there is none yet, and the library's default reads the element's height, which
 * forces a layout of the whole page per row (10 ms for a screen of rows); the size known so far
 * (the estimate) stands in until the observer's report, in the same frame.
 */
function sizeWithoutLayout(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.measurementsCache[index]?.size ?? instance.options.estimateSize(index);
}

/**
 * The scroll box's size, as its ResizeObserver reports it after each layout. The library's default
 * also reads it at once when the table mounts (getBoundingClientRect), which forces a layout of the
 * page inside the commit, before the rows are even there (4 ms on a 1,000-transaction block); until
 * the first report the table assumes the top of its largest height (`initialRect`, FIRST_FILL).
 */
function observeBoxSize(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const Observer = instance.targetWindow?.ResizeObserver;
  if (!element) return undefined;
  if (!Observer) {
    const { width, height } = element.getBoundingClientRect();
    report({ width: Math.round(width), height: Math.round(height) });
    return undefined;
  }
  const observer = new Observer(([entry]) => {
    const box = entry?.borderBoxSize?.[0];
    if (box) report({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** The scroll boxes the library has scrolled (or skipped) once. */
const seen = new WeakSet<Element>();

/**
 * Scrolls the box, except the library's first call for a new box: it scrolls a box to its offset
 * when it mounts (to 0, where a new box is), a `scrollTo` that forces a layout of the whole page
 * inside the commit (25 ms of a 100,000-answer batch's view on a CPU slowed 2x), for nothing.
 */
const scrollUnlessThere: typeof elementScroll = (offset, options, instance) => {
  const box = instance.scrollElement;
  const first = box !== null && !seen.has(box);
  if (box) seen.add(box);
  if (first && offset + (options.adjustments ?? 0) === 0) return;
  elementScroll(offset, options, instance);
};

function Head({ columns }: { columns: readonly Column[] }) {
  return (
    <thead className="sticky top-0 z-10 bg-surface-muted">
      <tr aria-rowindex={1}>
        {columns.map((c) => (
          <th
            key={c.label}
            scope="col"
            className={`px-2 py-1 font-medium text-fg-muted text-xs ${c.align === "right" ? "text-right" : "text-left"}`}
          >
            {c.hideLabel ? <span className="sr-only">{c.label}</span> : c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Stands in for the rows out of view, above or below the rendered ones. */
function Spacer({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <tbody aria-hidden="true">
      <tr style={{ height }}>
        <td colSpan={span} />
      </tr>
    </tbody>
  );
}
