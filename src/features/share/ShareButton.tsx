import { Suspense, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { preloadable } from "../../components/ui/preloadable.tsx";
import { appPath } from "../../networks/app-path.ts";
import { useAppStoreApi } from "../../state/AppStoreProvider.tsx";
import { useSelectedNetwork } from "../../state/useNetworks.ts";
import { addressForBody } from "./request-address.ts";
import type { CopyState } from "./SharePanel.tsx";

/** The playground's own address (the base path the app is served under), which a link opens. */
const playgroundBase = () => new URL(appPath(""), window.location.origin).href;

/**
 * The open popover is its own chunk (with the popover primitive): the button is on the first
 * screen. It loads when the pointer or the focus comes to the button, or at the latest on the
 * click; the popover opens once it is there.
 */
const panel = preloadable(() => import("./SharePanel.tsx").then((m) => m.SharePanel));
const prefetchPanel = () =>
  void panel.preload().catch(() => {
    // Only a head start: opening it tries again (and says why it failed).
  });

/**
 * "Share link": copies a link to the current request (network, method, params, transport; never
 * the key) and shows it in a field, so it can be copied by hand where the clipboard is not allowed.
 */
export function ShareButton() {
  const network = useSelectedNetwork();
  // The body is read when the button is pressed, not followed: typing does not re-render the button.
  const store = useAppStoreApi();
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>("idle");
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const copyLink = (url: string) => {
    if (!navigator.clipboard) {
      setCopy("failed");
      return;
    }
    navigator.clipboard.writeText(url).then(
      () => setCopy("copied"),
      () => setCopy("failed"),
    );
  };
  // The popover gives the focus back to the button (unless the user took it elsewhere).
  const close = () => setOpen(false);

  return (
    <div className="relative">
      <Button
        ref={button}
        size="md"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={prefetchPanel}
        onFocus={prefetchPanel}
        onClick={() => {
          if (open) return close();
          setOpen(true);
          setCopy("idle");
          const { bodyText, transport } = store.getState();
          const made = addressForBody(playgroundBase(), network, bodyText, transport);
          if (made.ok) copyLink(made.value);
        }}
      >
        Share link
      </Button>
      {open && (
        // A chunk that cannot load (offline) says so here; Close or Escape shuts it; the page goes on.
        <ErrorBoundary what="the share link" onClose={close}>
          <Suspense fallback={null}>
            <panel.Component
              id={panelId}
              base={playgroundBase()}
              anchor={button}
              network={network}
              copy={copy}
              onCopy={copyLink}
              onClose={close}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
