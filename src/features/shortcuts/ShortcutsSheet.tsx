import { useEffect, useId, useRef } from "react";

const SHORTCUTS: readonly { keys: string; does: string }[] = [
  { keys: "Ctrl+Enter (⌘+Enter)", does: "Send the request, from anywhere on the page" },
  {
    keys: "Ctrl+Shift+Enter (⌘+Shift+Enter)",
    does: "Send anyway: a body with problems, exactly as written (the node decides)",
  },
  { keys: "Escape", does: "Cancel the request under way" },
  { keys: "Tab / Shift+Tab", does: "Move between fields; Tab also leaves the JSON editor" },
  { keys: "Ctrl+M (⌘+M), in the editor", does: "Switch Tab between indenting and moving focus" },
  { keys: "Ctrl+Space, in the editor", does: "Suggest values (block tags, fields)" },
  { keys: "?", does: "Show this list" },
];

/** A short sheet of the keyboard shortcuts; `?` opens it, Escape or Close shuts it. */
export function ShortcutsSheet({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      onClose();
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      before?.focus();
    };
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-20 flex items-start justify-center bg-black/30 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="mt-16 w-full max-w-md rounded border border-border bg-surface p-4 shadow-lg"
      >
        <h2 id={titleId} className="font-semibold">
          Keyboard shortcuts
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map((s) => (
            <div key={s.keys} className="contents">
              <dt>
                <kbd className="rounded border border-border px-1 font-mono text-xs">{s.keys}</kbd>
              </dt>
              <dd>{s.does}</dd>
            </div>
          ))}
        </dl>
        <button
          ref={close}
          type="button"
          className="mt-4 rounded border border-border px-3 py-1 text-sm"
          onClick={onClose}
        >
          Close
        </button>
      </div>
    </div>
  );
}
