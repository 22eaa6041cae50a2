import { type RefObject, useId, useMemo, useRef } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { Popover } from "../../components/ui/Popover.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import type { Network } from "../../networks/network.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { addressForBody } from "./request-address.ts";

/** What became of the last copy to the clipboard. */
export type CopyState = "idle" | "copied" | "failed";

/**
 * The open "Share link" popover: the link in a field (focused and selected), Copy link, what the
 * link holds, Close. Its own chunk, with the popover primitive: the button is on the first screen.
 */
export function SharePanel(props: {
  id: string;
  /** The playground's own address, which a link opens. */
  base: string;
  anchor: RefObject<HTMLElement | null>;
  network: Network;
  copy: CopyState;
  onCopy(url: string): void;
  onClose(): void;
}) {
  const { base, network, copy } = props;
  // While it is open, the link follows the request; parsed again only when the request changes.
  const bodyText = useAppStore((s) => s.bodyText);
  const transport = useAppStore((s) => s.transport);
  const made = useMemo(
    () => addressForBody(base, network, bodyText, transport),
    [base, network, bodyText, transport],
  );
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  return (
    <Popover
      id={props.id}
      label="Share link"
      anchor={props.anchor}
      onClose={props.onClose}
      initialFocus={() => field.current}
    >
      <div className="flex flex-col gap-2">
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
              It holds the network, method, params and transport, never your key. It opens the request ready
              to send.
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
    </Popover>
  );
}
