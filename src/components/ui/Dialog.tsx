/**
 * The one modal dialog of the UI kit, on Radix's Dialog primitive (@radix-ui/react-dialog): the
 * focus moves in when it opens, stays in while it is open (Tab cycles), and returns to where it
 * was when it closes; Escape and Close shut it; the page behind is inert to pointers and screen
 * readers. Every dialog of the app is one of these (docs/decisions.md, "Dialogs").
 */
import * as Radix from "@radix-ui/react-dialog";
import { type ReactNode, useState } from "react";
import { Button } from "./Button.tsx";

export function Dialog({
  title,
  onClose,
  children,
  width = "max-w-[32rem]",
  initialFocus,
}: {
  /** The dialog's name (its heading). */
  title: string;
  onClose(): void;
  children: ReactNode;
  /** A Tailwind max-width class. */
  width?: string;
  /** Where the focus goes when it opens (default: the first focusable element). */
  initialFocus?: (content: HTMLElement) => HTMLElement | null | undefined;
}) {
  // Where the focus was when it opened: it goes back there when it closes (Radix gives it back to
  // its own trigger, and these dialogs are opened by a key or a button of the page's own).
  const [before] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  return (
    <Radix.Root open onOpenChange={(open) => !open && onClose()}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-20 bg-black/30" />
        <Radix.Content
          // The content is named by its title; it has no separate description.
          aria-describedby={undefined}
          className={`fixed top-14 right-2 left-2 z-20 mx-auto max-h-[calc(100vh-4.5rem)] ${width} overflow-auto rounded border border-border bg-surface-raised p-4 text-fg shadow-lg`}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (before?.isConnected) before.focus();
          }}
          onOpenAutoFocus={(e) => {
            const target = initialFocus?.(e.currentTarget as HTMLElement);
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
        >
          <div className="mb-3 flex items-center justify-between">
            <Radix.Title className="font-semibold">{title}</Radix.Title>
            <Radix.Close asChild>
              <Button variant="link" size="md">
                Close
              </Button>
            </Radix.Close>
          </div>
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
