import { Dialog } from "../../components/ui/Dialog.tsx";

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

/** A short sheet of the keyboard shortcuts; `?` opens it, Escape or Close shuts it (the focus goes back). */
export function ShortcutsSheet({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      title="Keyboard shortcuts"
      onClose={onClose}
      width="max-w-md"
      initialFocus={(content) => content.querySelector<HTMLElement>("button")}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map((s) => (
          <div key={s.keys} className="contents">
            <dt>
              <kbd className="rounded border border-border px-1 font-mono text-xs">{s.keys}</kbd>
            </dt>
            <dd>{s.does}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
