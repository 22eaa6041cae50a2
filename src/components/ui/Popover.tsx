/**
 * The UI kit's popover, on Radix's Popover primitive (@radix-ui/react-popover): a panel that opens
 * from a button of the page, beside it, without making the page inert. The focus moves in when it
 * opens (to `initialFocus`, or its first focusable element); Escape, a press or a focus outside it
 * shut it (docs/decisions.md, "Dialogs"); the focus then goes back to the button it opened from,
 * unless the user took it somewhere else.
 * The opener stays the page's own button (it is on the first screen, this is not): it is `anchor`,
 * and a press on it is left to its own handler (which closes the popover when open).
 */
import * as Radix from "@radix-ui/react-popover";
import { type ReactNode, type RefObject, useRef } from "react";

export function Popover({
  anchor,
  label,
  id,
  onClose,
  children,
  width = "w-[min(28rem,calc(100vw-1rem))]",
  initialFocus,
}: {
  /** The button it opens from: placed beside it, and given the focus back when it closes. */
  anchor: RefObject<HTMLElement | null>;
  /** The popover's name. */
  label: string;
  /** Its id, for the opener's aria-controls. */
  id?: string;
  onClose(): void;
  children: ReactNode;
  /** A Tailwind width class. */
  width?: string;
  /** Where the focus goes when it opens (default: the first focusable element). */
  initialFocus?: (content: HTMLElement) => HTMLElement | null | undefined;
}) {
  // Closed by a press or a focus elsewhere: the focus stays where the user put it.
  const leftOutside = useRef(false);
  return (
    <Radix.Root open onOpenChange={(open) => !open && onClose()}>
      <Radix.Anchor virtualRef={anchor} />
      <Radix.Portal>
        <Radix.Content
          id={id}
          aria-label={label}
          side="bottom"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className={`z-20 ${width} rounded border border-border bg-surface-raised p-3 text-sm text-fg shadow-lg`}
          onOpenAutoFocus={(e) => {
            const target = initialFocus?.(e.currentTarget as HTMLElement);
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
          onInteractOutside={(e) => {
            if (e.target instanceof Node && anchor.current?.contains(e.target)) e.preventDefault();
            else leftOutside.current = true;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!leftOutside.current && anchor.current?.isConnected) anchor.current.focus();
          }}
        >
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
