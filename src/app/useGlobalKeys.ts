import { useEffect } from "react";

/** Typing into a field or the editor: `?` is a character there, not a shortcut. */
const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) ||
    t.closest(".monaco-editor") !== null);

/**
 * The page's own keys: Escape cancels the request under way (unless a dialog or an editor widget
 * took it), `?` opens the shortcut sheet.
 */
export function useGlobalKeys(handlers: {
  /** A send is out: shown as waiting, or just out and not yet shown (useSendRequest's quiet wait). */
  sending(): boolean;
  cancel(): void;
  showShortcuts(): void;
}): void {
  const { sending, cancel, showShortcuts } = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (e.key === "Escape" && sending()) {
        if (e.target instanceof Element && e.target.closest("[role=dialog]")) return;
        cancel();
        return;
      }
      if (e.key === "?" && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        e.preventDefault();
        showShortcuts();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [sending, cancel, showShortcuts]);
}
