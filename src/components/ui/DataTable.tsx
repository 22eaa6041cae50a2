import type { HTMLAttributes, ReactNode } from "react";
import { showKeyboardFocus } from "./show-keyboard-focus.ts";

type DataAttributes = { [key: `data-${string}`]: string | undefined };
/** Attributes a row or a cell may carry besides its content. */
type CellAttributes = Pick<HTMLAttributes<HTMLElement>, "title"> & DataAttributes;

export interface DataColumn<Row> {
  key: string;
  /** The column's header; a visually hidden one (`<span className="sr-only">`) for an actions column. */
  header: ReactNode;
  cell(row: Row, index: number): ReactNode;
  align?: "left" | "right";
  /** The cell names its row (`<th scope="row">`): the method, the path, the type. */
  rowHeader?: boolean;
  /** Extra classes of the body cells (`font-mono`, `whitespace-nowrap`, `max-w-[28rem]`). */
  className?: string;
  /** Attributes of one body cell (`title`, `data-testid`). */
  cellProps?(row: Row): CellAttributes;
}

/** The padding of a table cell, shared with {@link VirtualTable}'s rows. */
export const cellClass = "px-2 py-1 align-top";

/**
 * A plain table of rows (not virtualized: for up to a few hundred rows): a header row of
 * `columnheader`s, one row per item. The table is named by `caption` (visually hidden) or `label`.
 */
export function DataTable<Row>(props: {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey(row: Row, index: number): string;
  caption?: string;
  label?: string;
  /** `xs` for dense tables (a diff), `sm` otherwise. */
  size?: "sm" | "xs";
  /** As wide as its content rather than the container. */
  fit?: boolean;
  /** Keeps the header in view in a scrolling container (`scrollClassName="max-h-80"`). */
  stickyHeader?: boolean;
  /** Classes of the scrolling container around the table (`max-h-96`, `rounded border`). */
  scrollClassName?: string;
  rowClassName?(row: Row): string;
  rowProps?(row: Row): CellAttributes;
}) {
  const { rows, columns } = props;
  return (
    // `relative`: visually hidden (absolute) cells stay inside this scroll box, not the page's.
    // Focusable, so a keyboard can scroll a wide table.
    // biome-ignore lint/a11y/noStaticElementInteractions: its controls' focus bubbles here; the handler only scrolls them into view
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      onFocus={showKeyboardFocus}
      className={`relative overflow-auto${props.scrollClassName ? ` ${props.scrollClassName}` : ""}`}
    >
      <table
        className={`border-collapse text-left ${props.fit ? "" : "w-full "}${props.size === "xs" ? "text-xs" : "text-sm"}`}
        aria-label={props.label}
      >
        {props.caption && <caption className="sr-only">{props.caption}</caption>}
        <thead className={props.stickyHeader ? "sticky top-0 bg-surface-muted" : undefined}>
          <tr className="border-b border-border text-xs text-fg-muted">
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={`px-2 py-1 font-medium ${c.align === "right" ? "text-right" : "text-left"}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={props.rowKey(row, i)}
              className={`border-b border-border/60 align-top ${props.rowClassName?.(row) ?? ""}`.trim()}
              {...props.rowProps?.(row)}
            >
              {columns.map((c) => {
                const className = `${cellClass}${c.align === "right" ? " text-right" : ""}${c.className ? ` ${c.className}` : ""}`;
                return c.rowHeader ? (
                  <th
                    key={c.key}
                    scope="row"
                    className={`${className} text-left font-normal`}
                    {...c.cellProps?.(row)}
                  >
                    {c.cell(row, i)}
                  </th>
                ) : (
                  <td key={c.key} className={className} {...c.cellProps?.(row)}>
                    {c.cell(row, i)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
