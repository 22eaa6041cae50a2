import { useEffect, useRef, useState } from "react";
import { provider } from "../../../networks/provider.ts";
import { useAppStore } from "../../../state/AppStoreProvider.tsx";
import { keyFor } from "../../../state/key-slice.ts";
import { useDevnet } from "../../../state/useNetworks.ts";
import { useDebounced } from "./useDebounced.ts";

/**
 * The embed as a reader would see it, driven the way a host page drives it: its height from its
 * messages, and the key this browser uses in the playground handed in by message (same origin).
 */
export function GuidePreview({
  src,
  initialHeight,
  network,
}: {
  src: string;
  initialHeight: number;
  network: string;
}) {
  const shown = useDebounced(src, 400);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  const group = provider().networks.find((n) => n.id === network)?.keyGroup ?? "";
  const devnet = useDevnet();
  const key = useAppStore((s) => keyFor(s, { keyGroup: group }, devnet));
  /** The preview's window once it said ready; a key that arrives later is handed in then. */
  const [ready, setReady] = useState<Window | null>(null);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const win = frame.current?.contentWindow;
      if (!win || e.source !== win || e.origin !== window.location.origin) return;
      const data = e.data as { type?: unknown; height?: unknown } | null;
      if (data?.type === "rpc-playground:height" && typeof data.height === "number") setHeight(data.height);
      if (data?.type === "rpc-playground:ready") setReady(win);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  useEffect(() => {
    if (ready && key) ready.postMessage({ type: "rpc-playground:set-key", key }, window.location.origin);
  }, [ready, key]);

  return (
    <section aria-label="Preview" className="flex flex-col gap-2">
      <h2 className="font-semibold">Preview</h2>
      <p className="text-xs text-fg-muted">
        {key
          ? `The preview gets the ${provider().keyLabel} you use in the playground by message, as your page would hand in the reader's.`
          : `Enter your ${provider().keyLabel} for this network in the playground to send from the preview.`}
      </p>
      <iframe
        ref={frame}
        key={shown}
        src={shown}
        title="Embed preview"
        className="w-full rounded border border-border"
        style={{ height: height ?? initialHeight }}
      />
    </section>
  );
}
