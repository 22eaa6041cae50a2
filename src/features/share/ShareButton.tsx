import { type RefObject, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import type { Network } from "../../networks/network.ts";
import { useAppStore, useAppStoreApi } from "../../state/AppStoreProvider.tsx";
import { useSelectedNetwork } from "../../state/useNetworks.ts";
import { addressForBody } from "./request-address.ts";

type CopyState = "idle" | "copied" | "failed";
type Made = ReturnType<typeof addressForBody>;

/** The playground's own address, which a link opens. */
const playgroundBase = () => `${window.location.origin}${window.location.pathname}`;

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

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="relative">
      <Button
        ref={button}
        size="md"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
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
      {open && <SharePanel id={panelId} network={network} copy={copy} onCopy={copyLink} onClose={close} />}
    </div>
  );
}

/** The open panel: the link in a field (selected), Copy link, what the link holds, Close. */
function SharePanel(props: {
  id: string;
  network: Network;
  copy: CopyState;
  onCopy(url: string): void;
  onClose(): void;
}) {
  const { network, copy } = props;
  // While it is open, the link follows the request; parsed again only when the request changes.
  const bodyText = useAppStore((s) => s.bodyText);
  const transport = useAppStore((s) => s.transport);
  const made: Made = useMemo(
    () => addressForBody(playgroundBase(), network, bodyText, transport),
    [network, bodyText, transport],
  );
  const field: RefObject<HTMLInputElement | null> = useRef(null);
  const fieldId = useId();
  useEffect(() => field.current?.select(), []);
  return (
    <div
      id={props.id}
      role="dialog"
      aria-label="Share link"
      className="fixed top-14 right-2 left-2 z-20 mx-auto flex max-w-[28rem] flex-col gap-2 rounded border border-border bg-surface-raised p-3 text-sm shadow-lg lg:absolute lg:top-full lg:right-0 lg:left-auto lg:mt-1 lg:w-[28rem]"
      onKeyDown={(e) => {
        if (e.key === "Escape") props.onClose();
      }}
    >
      {made.ok ? (
        <>
          <label htmlFor={fieldId} className="text-fg-muted">
            Link to this request
          </label>
          <div className="flex gap-2">
            <TextInput
              ref={field}
              id={fieldId}
              data-testid="share-url"
              readOnly
              value={made.value}
              mono
              small
              className="min-w-0 flex-1"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button onClick={() => props.onCopy(made.value)}>Copy link</Button>
          </div>
          <p className="text-xs text-fg-muted" aria-live="polite">
            {copy === "copied"
              ? "Copied to the clipboard. "
              : copy === "failed"
                ? "The clipboard is not available here: copy the link from the field. "
                : ""}
            It holds the network, method, params and transport, never your key. It opens the request ready to
            send.
          </p>
        </>
      ) : (
        <p role="alert" className="text-bad">
          {made.message}
        </p>
      )}
      <Button className="self-end" onClick={props.onClose}>
        Close
      </Button>
    </div>
  );
}
