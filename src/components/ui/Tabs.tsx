import { Fragment, type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { afterLayout } from "./after-layout.ts";

export type Tab<K extends string> = { key: K; label: string; content: () => ReactNode };

/**
 * WAI-ARIA tabs (automatic activation): the arrow keys, Home and End move between tabs and show
 * their panel; only the active panel is rendered, each tab's its own tree. Hand-built, not a library's: docs/decisions.md, "Tabs".
 */
export function Tabs<K extends string>(props: {
  label: string;
  tabs: Tab<K>[];
  active: K;
  onChange(key: K): void;
  actions?: ReactNode;
  /** When this changes (a new answer shown in the same tabs), the panel starts at its top again. */
  scrollTopOn?: unknown;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  useScrollTopOn(panel, props.scrollTopOn);
  const index = Math.max(
    0,
    props.tabs.findIndex((t) => t.key === props.active),
  );
  const current = props.tabs[index];
  const onKey = (e: KeyboardEvent) => {
    const n = props.tabs.length;
    const to: Record<string, number> = {
      ArrowRight: (index + 1) % n,
      ArrowLeft: (index - 1 + n) % n,
      Home: 0,
      End: n - 1,
    };
    const next = to[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = props.tabs[next];
    if (!tab) return;
    props.onChange(tab.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="flex min-w-0 flex-col lg:min-h-0">
      <div className="flex flex-wrap items-center gap-2 border-b border-border">
        <div role="tablist" aria-label={props.label} className="flex flex-wrap" onKeyDown={onKey}>
          {props.tabs.map((t, i) => (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.key}`}
              aria-selected={i === index}
              aria-controls={`${base}-panel`}
              tabIndex={i === index ? 0 : -1}
              className={`-mb-px border-b-2 px-3 py-1 text-sm ${i === index ? "border-accent font-medium" : "border-transparent text-fg-muted"}`}
              onClick={() => props.onChange(t.key)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="ml-auto flex gap-1">{props.actions}</div>
      </div>
      <div
        ref={panel}
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={current ? `${base}-tab-${current.key}` : undefined}
        // Its padding is room for the focus ring (2px, 2px off) of what sits at its edge: a scroll
        // box clips what it paints at its padding box; the negative margin keeps the content in place.
        className="-mx-1 min-w-0 overflow-auto px-1 pt-2 pb-1 lg:min-h-0"
      >
        {/* Keyed by its tab: another tab's panel is a tree of its own, even where it starts with the
            same component (each tab's error boundary: a failed View's message stayed on Raw). */}
        {current && <Fragment key={current.key}>{current.content()}</Fragment>}
      </div>
    </div>
  );
}

/**
 * The panel back at its top when `key` changes: the same panel shows the next content, and a view
 * reused in place kept the last one's scroll. Read and set after the browser's own layout
 * (afterLayout): read in the commit's effect, the scroll position forced a layout with a big
 * answer's first rows.
 */
function useScrollTopOn(panel: { readonly current: HTMLElement | null }, key: unknown) {
  useEffect(() => {
    const el = panel.current;
    if (key === undefined || !el) return;
    return afterLayout(el, () => {
      if (el.scrollTop !== 0) el.scrollTop = 0;
    });
  }, [panel, key]);
}
