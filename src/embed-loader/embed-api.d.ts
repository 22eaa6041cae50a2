/**
 * RPC Playground's embed loader (embed.js): the types of what it gives a documentation page.
 * Served beside embed.js as embed.d.ts; save it into a TypeScript project (any folder its
 * tsconfig includes) to type `window.RpcPlayground`, its handles and the tag's events.
 * docs/embed.md says how a page uses them.
 */

/** The params of a JSON-RPC request: by position or by name. */
export type RpcPlaygroundParams = unknown[] | Record<string, unknown>;

/** A failed `send()`: the node's JSON-RPC error (`code`, `data`) or a failure without an answer (`kind`). */
export interface RpcPlaygroundError extends Error {
  readonly name: string;
  /** The JSON-RPC error's code, when the node answered with one. */
  readonly code: number | undefined;
  /** The JSON-RPC error's data, when the node answered with one. */
  readonly data: unknown;
  /** A failure without an answer ("timeout", "network", …), as the embed names it. */
  readonly kind: string | undefined;
}

export interface RpcPlaygroundErrorConstructor {
  new (message: string, detail?: { code?: number; data?: unknown; kind?: string }): RpcPlaygroundError;
  readonly prototype: RpcPlaygroundError;
}

/** One tag's playground: its frame, and what the page can tell it. */
export interface RpcPlaygroundHandle {
  /** The tag (`[data-rpc-playground]`) or the element mounted. */
  readonly element: HTMLElement;
  /** The embed's frame; undefined when the tag has problems (they are shown in its place). */
  readonly iframe: HTMLIFrameElement | undefined;
  /** What is wrong with the tag's attributes (none when it has a frame). */
  readonly problems: readonly string[];
  /** The reader's API key, posted to this frame alone, at the app's exact origin (kept in its memory only). */
  setKey(key: string): void;
  /** Fills the form with these wire params (of `method`, or the method shown). */
  setParams(params: RpcPlaygroundParams, method?: string): void;
  /** A network of the app's catalog, by its id ("ethereum-mainnet"). */
  setNetwork(network: string): void;
  setTransport(transport: "http" | "ws"): void;
  /** A theme that holds: the frame stops following the page's. */
  setTheme(theme: "light" | "dark"): void;
  /**
   * Sends the request as the embed holds it. Settles with this send's `result` value, or rejects
   * with an RpcPlaygroundError: the node's error, or why the send did not go ("No API key yet…",
   * "busy…"). A Send by the reader meanwhile replaces it: its result is then the reader's.
   */
  send(): Promise<unknown>;
}

/** `window.RpcPlayground`, once embed.js ran. */
export interface RpcPlaygroundApi {
  readonly version: 1;
  /** A tag's playground (made now if the loader has not yet), by element or CSS selector. */
  get(target: Element | string): RpcPlaygroundHandle | undefined;
  /** Turns one element into a playground (the loader does it by itself for tags it sees appear). */
  mount(element: HTMLElement): RpcPlaygroundHandle;
  /** Mounts every tag under `root` (the whole page by default). */
  scan(root?: ParentNode): void;
  readonly Error: RpcPlaygroundErrorConstructor;
}

/** `rpc-playground:ready`: the embed listens. */
export type RpcPlaygroundReadyDetail = { method: string; network: string };
/**
 * `rpc-playground:result`: after each send (the reader's or the page's). `ok: true` with `result`
 * (which may be null: not found); `ok: false` with `error`: `{ code, message, data? }` for a
 * JSON-RPC error, `{ kind, message }` for a failure without an answer ("http-status", "timeout",
 * "network", "ws-dropped", …). Never the key.
 */
export type RpcPlaygroundResultDetail = {
  type: "rpc-playground:result";
  /** The request's JSON-RPC id. */
  id: unknown;
  method: string;
  /** The network's id in the app's catalog. */
  network: string;
  transport: "http" | "ws";
  ok: boolean;
  result?: unknown;
  error?:
    | { message: string; code?: number | undefined; data?: unknown; kind?: string | undefined }
    | undefined;
  latencyMs: number;
  /** The page's send it answers (none for a Send of the reader's own). */
  ref?: string | undefined;
};
/** `rpc-playground:error`: something the embed could not do (`about`: "rpc-playground:send", "address"). */
export type RpcPlaygroundErrorDetail = { message: string; about?: string | undefined };

/** The tag's events (they bubble: a listener on `document` hears every tag's). */
export interface RpcPlaygroundEventMap {
  "rpc-playground:ready": CustomEvent<RpcPlaygroundReadyDetail>;
  "rpc-playground:result": CustomEvent<RpcPlaygroundResultDetail>;
  "rpc-playground:error": CustomEvent<RpcPlaygroundErrorDetail>;
}

declare global {
  interface Window {
    RpcPlayground?: RpcPlaygroundApi;
  }
  interface HTMLElementEventMap extends RpcPlaygroundEventMap {}
  interface DocumentEventMap extends RpcPlaygroundEventMap {}
}
