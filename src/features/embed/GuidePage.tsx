import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { CopyButton } from "../../components/ui/CopyButton.tsx";
import { paramsFor } from "../../methods/body.ts";
import { defaultValues } from "../../methods/form-values.ts";
import { getMethod, methodsForChain } from "../../methods/registry.ts";
import { CATALOG } from "../../networks/network.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { keyFor } from "../../state/key-slice.ts";
import { useDevnet } from "../../state/useNetworks.ts";
import { useResolvedTheme } from "../../state/useTheme.ts";
import { PANELS, type Panel, parseEmbedConfig } from "./embed-config.ts";
import { MESSAGE_DOCS } from "./embed-messages.ts";
import { embedSearch, embedUrl, type GuideFields, iframeSnippet } from "./iframe-snippet.ts";

const exampleParams = (method: string) => {
  const def = getMethod(method);
  return def ? JSON.stringify(paramsFor(def, defaultValues(def))) : "";
};

const INITIAL: GuideFields = {
  method: "eth_getBlockByNumber",
  params: exampleParams("eth_getBlockByNumber"),
  network: "devnet",
  transport: "http",
  theme: "",
  panels: [...PANELS],
  readonly: false,
  keyField: false,
  origins: "",
  height: 480,
};

const PANEL_LABELS: Record<Panel, string> = { form: "Form", editor: "Editor", response: "Response" };

/** The page's own address without a trailing slash, the base the embed's address is built on. */
const pageUrl = () => `${window.location.origin}${window.location.pathname}`;
const playgroundUrl = () => {
  const url = new URL(window.location.href);
  url.pathname = url.pathname.replace(/\/+$/, "").replace(/guide$/, "");
  url.search = "";
  return url.toString();
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** `/guide`: how to embed the playground in a documentation page, with a snippet generator. */
export function GuidePage() {
  useResolvedTheme();
  const [fields, setFields] = useState<GuideFields>(INITIAL);
  const set = (patch: Partial<GuideFields>) => setFields((f) => ({ ...f, ...patch }));

  const network = CATALOG.find((n) => n.id === fields.network) ?? CATALOG[0]!;
  const methods = methodsForChain(network.kind);
  const search = embedSearch(fields);
  const parsed = useMemo(() => parseEmbedConfig(search), [search]);
  const src = embedUrl(pageUrl(), search);
  const code = iframeSnippet({
    src,
    method: fields.method,
    height: fields.height,
    hasOrigins: parsed.ok && parsed.config.origins.length > 0,
  });

  const onNetwork = (id: string) => {
    const next = CATALOG.find((n) => n.id === id);
    if (!next) return;
    const fits = getMethod(fields.method)?.chain === next.kind;
    const method = fits ? fields.method : (methodsForChain(next.kind)[0]?.name ?? fields.method);
    set({ network: id, ...(fits ? {} : { method, params: exampleParams(method) }) });
  };

  const ids = {
    method: useId(),
    params: useId(),
    network: useId(),
    theme: useId(),
    origins: useId(),
    height: useId(),
    problems: useId(),
  };
  const field = "rounded border border-border bg-surface px-2 py-1 text-sm";

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4">
      <header className="flex flex-wrap items-baseline gap-4">
        <h1 className="text-xl font-semibold">Embed the RPC Playground</h1>
        <a className="text-sm text-link underline" href={playgroundUrl()}>
          Back to the playground
        </a>
      </header>
      <p className="max-w-3xl text-sm">
        Put one method, prefilled, into a documentation page: an <code>&lt;iframe&gt;</code> with no chrome
        that takes your page's theme, sizes itself to its content, and takes the reader's API key from your
        page by message (the key is kept in memory only, never stored, and never in the address). Configure it
        below and copy the code.
      </p>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <form
          aria-label="Embed settings"
          className="flex flex-col gap-3"
          onSubmit={(e) => e.preventDefault()}
          noValidate
        >
          <Row label="Network" htmlFor={ids.network}>
            <select
              id={ids.network}
              className={field}
              value={fields.network}
              onChange={(e) => onNetwork(e.target.value)}
            >
              {CATALOG.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name} ({n.id})
                </option>
              ))}
            </select>
          </Row>
          <Row label="Method" htmlFor={ids.method}>
            <select
              id={ids.method}
              className={`${field} font-mono`}
              value={fields.method}
              onChange={(e) => set({ method: e.target.value, params: exampleParams(e.target.value) })}
            >
              {methods.map((m) => (
                <option key={m.name} value={m.name}>
                  {m.name}
                </option>
              ))}
            </select>
          </Row>
          <Row label="Params (JSON)" htmlFor={ids.params}>
            <textarea
              id={ids.params}
              className={`${field} h-20 font-mono`}
              spellCheck={false}
              value={fields.params}
              aria-describedby={parsed.ok ? undefined : ids.problems}
              onChange={(e) => set({ params: e.target.value })}
            />
          </Row>
          <fieldset className="flex flex-wrap items-center gap-3 text-sm">
            <legend className="text-sm text-fg-muted">Transport</legend>
            {(["http", "ws"] as const).map((t) => (
              <label key={t} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="guide-transport"
                  checked={fields.transport === t}
                  onChange={() => set({ transport: t })}
                />
                {t === "http" ? "HTTP" : "WebSocket"}
              </label>
            ))}
          </fieldset>
          <Row label="Theme" htmlFor={ids.theme}>
            <select
              id={ids.theme}
              className={field}
              value={fields.theme}
              onChange={(e) => set({ theme: e.target.value as GuideFields["theme"] })}
            >
              <option value="">Follow the reader's system</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </Row>
          <fieldset className="flex flex-wrap items-center gap-3 text-sm">
            <legend className="text-sm text-fg-muted">Panels</legend>
            {PANELS.map((p) => (
              <label key={p} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={fields.panels.includes(p)}
                  onChange={(e) =>
                    set({
                      panels: e.target.checked
                        ? PANELS.filter((x) => x === p || fields.panels.includes(x))
                        : fields.panels.filter((x) => x !== p),
                    })
                  }
                />
                {PANEL_LABELS[p]}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={fields.readonly}
                onChange={(e) => set({ readonly: e.target.checked })}
              />
              Read-only params
            </label>
            <label className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={fields.keyField}
                onChange={(e) => set({ keyField: e.target.checked })}
              />
              Key field in the embed
            </label>
          </div>
          <Row
            label="Allowed host origins"
            htmlFor={ids.origins}
            hint="Comma-separated, such as https://docs.example.com. Only these pages may send messages (key, params, send) and hear results."
          >
            <input
              id={ids.origins}
              className={`${field} font-mono`}
              placeholder="https://docs.example.com"
              value={fields.origins}
              onChange={(e) => set({ origins: e.target.value })}
            />
          </Row>
          <Row label="Initial height (px)" htmlFor={ids.height}>
            <input
              id={ids.height}
              type="number"
              min={100}
              max={4000}
              className={`${field} w-28`}
              value={fields.height}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (Number.isFinite(n) && n > 0) set({ height: n });
              }}
            />
          </Row>
          {!parsed.ok && (
            <div id={ids.problems} role="alert" className="rounded border border-bad bg-bad-bg p-2 text-sm">
              <p className="font-semibold text-bad">The embed would show these problems:</p>
              <ul className="list-disc pl-5">
                {parsed.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
        </form>

        <section aria-label="Embed code" className="flex min-w-0 flex-col gap-2">
          <div className="flex items-center gap-2">
            <h2 className="font-semibold">Code</h2>
            <CopyButton text={code} label="Copy code" className="ml-auto" />
          </div>
          <pre
            data-testid="embed-snippet"
            className="overflow-auto rounded border border-border bg-surface-muted p-2 font-mono text-xs whitespace-pre"
          >
            {code}
          </pre>
          <p className="text-xs text-fg-muted">
            The host script sets the iframe's height from the embed's <code>rpc-playground:height</code>{" "}
            messages. To hand in the reader's key, post{" "}
            <code>{'{ type: "rpc-playground:set-key", key }'}</code> to the iframe after its{" "}
            <code>rpc-playground:ready</code> message.
          </p>
        </section>
      </div>

      <Preview src={src} initialHeight={fields.height} network={fields.network} />

      <section aria-label="Messages" className="flex flex-col gap-2">
        <h2 className="font-semibold">Messages</h2>
        <p className="max-w-3xl text-sm">
          Messages are plain objects posted with <code>postMessage</code>. The embed obeys a message only from
          its parent window and from an origin listed in <code>origins=</code> (or its own); others are
          ignored. It posts results only to your page's exact origin, never to <code>"*"</code>, and never
          includes the key.
        </p>
        <div className="overflow-auto">
          <table className="text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th className="py-1 pr-4">Direction</th>
                <th className="py-1 pr-4">Message</th>
                <th className="py-1">Meaning</th>
              </tr>
            </thead>
            <tbody>
              {MESSAGE_DOCS.map((m) => (
                <tr key={m.shape} className="border-b border-border align-top">
                  <td className="py-1 pr-4 whitespace-nowrap">{m.direction}</td>
                  <td className="py-1 pr-4 font-mono text-xs">{m.shape}</td>
                  <td className="py-1">{m.meaning}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

function Row(props: { label: string; htmlFor: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.htmlFor} className="text-sm text-fg-muted">
        {props.label}
      </label>
      {props.children}
      {props.hint && <p className="text-xs text-fg-muted">{props.hint}</p>}
    </div>
  );
}

/**
 * The embed as a reader would see it, driven the way a host page drives it: its height from its
 * messages, and the key this browser uses in the playground handed in by message (same origin).
 */
function Preview({ src, initialHeight, network }: { src: string; initialHeight: number; network: string }) {
  const shown = useDebounced(src, 400);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  const group = CATALOG.find((n) => n.id === network)?.keyGroup ?? "";
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
          ? "The preview gets the API key you use in the playground by message, as your page would hand in the reader's."
          : "Enter an API key for this network in the playground to send from the preview."}
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
