import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { useSelectedNetwork } from "../../state/useNetworks.ts";
import { addressForBody } from "./request-address.ts";

type CopyState = "idle" | "copied" | "failed";

/** The playground's own address, which a link opens. */
const playgroundBase = () => `${window.location.origin}${window.location.pathname}`;

/**
 * "Share link": copies a link to the current request (network, method, params, transport; never
 * the key) and shows it in a field, so it can be copied by hand where the clipboard is not allowed.
 */
export function ShareButton() {
  const network = useSelectedNetwork();
  const bodyText = useAppStore((s) => s.bodyText);
  const transport = useAppStore((s) => s.transport);
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>("idle");
  // Parsing and encoding the body runs again only when the request changes, not on every render.
  const made = useMemo(
    () => addressForBody(playgroundBase(), network, bodyText, transport),
    [network, bodyText, transport],
  );
  const field = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const ids = { panel: useId(), field: useId() };

  useEffect(() => {
    if (open) field.current?.select();
  }, [open]);

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
      <button
        ref={button}
        type="button"
        className="rounded border border-border px-2 py-1 text-sm hover:bg-surface"
        aria-expanded={open}
        aria-controls={open ? ids.panel : undefined}
        onClick={() => {
          if (open) return close();
          setOpen(true);
          setCopy("idle");
          if (made.ok) copyLink(made.value);
        }}
      >
        Share link
      </button>
      {open && (
        <div
          id={ids.panel}
          role="dialog"
          aria-label="Share link"
          className="absolute right-0 top-full z-20 mt-1 flex w-[28rem] max-w-[90vw] flex-col gap-2 rounded border border-border bg-surface-raised p-3 text-sm shadow-lg"
          onKeyDown={(e) => {
            if (e.key === "Escape") close();
          }}
        >
          {made.ok ? (
            <>
              <label htmlFor={ids.field} className="text-fg-muted">
                Link to this request
              </label>
              <div className="flex gap-2">
                <input
                  ref={field}
                  id={ids.field}
                  data-testid="share-url"
                  readOnly
                  value={made.value}
                  className="min-w-0 flex-1 rounded border border-border bg-surface px-2 py-1 font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <button
                  type="button"
                  className="rounded border border-border px-2 py-0.5 text-xs hover:bg-surface-muted"
                  onClick={() => copyLink(made.value)}
                >
                  Copy link
                </button>
              </div>
              <p className="text-xs text-fg-muted" aria-live="polite">
                {copy === "copied"
                  ? "Copied to the clipboard. "
                  : copy === "failed"
                    ? "The clipboard is not available here: copy the link from the field. "
                    : ""}
                It holds the network, method, params and transport, never your key. It opens the request ready
                to send.
              </p>
            </>
          ) : (
            <p role="alert" className="text-bad">
              {made.message}
            </p>
          )}
          <button
            type="button"
            className="self-end rounded border border-border px-2 py-0.5 text-xs hover:bg-surface-muted"
            onClick={close}
          >
            Close
          </button>
        </div>
      )}
    </div>
  );
}
