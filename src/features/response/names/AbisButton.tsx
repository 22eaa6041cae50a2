import { Suspense, useRef, useState } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { ErrorBoundary } from "../../../components/ui/ErrorBoundary.tsx";
import { preloadable } from "../../../components/ui/preloadable.tsx";

/**
 * The ABIs dialog is its own chunk (with the ABI checker): nobody sees it until they open it. It
 * loads in idle time (`prefetchAbisDialog`, from the shell), when the pointer or the focus comes
 * to a button that opens it, or at the latest on the click; the dialog opens once it is there.
 */
const dialog = preloadable(() => import("./AbisDialog.tsx").then((m) => m.AbisDialog));

/** Loads the ABIs dialog's chunk ahead of need; safe to call any number of times. */
export function prefetchAbisDialog(): void {
  dialog.preload().catch(() => {
    // Only a head start: opening the dialog tries again (and says why it failed).
  });
}

/** A button that opens the ABIs dialog, for an address when given. */
export function AbisButton({
  address,
  children = "ABIs",
  variant = "link",
}: {
  address?: string | null | undefined;
  children?: string;
  variant?: "link" | "secondary";
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useRef(() => {
    setOpen(false);
    button.current?.focus();
  }).current;
  return (
    <>
      <Button
        ref={button}
        variant={variant}
        size={variant === "link" ? "xs" : "sm"}
        aria-haspopup="dialog"
        onPointerEnter={prefetchAbisDialog}
        onFocus={prefetchAbisDialog}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      {open && (
        // A chunk that cannot load (offline) says so here; Close or Escape shuts it; the page goes on.
        <ErrorBoundary what="the ABIs dialog" onClose={close}>
          <Suspense fallback={null}>
            <dialog.Component address={address ?? ""} onClose={close} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
