/**
 * The loader's side of the embed's messages (src/features/embed/embed-messages.ts has the embed's
 * side and the schemas; messages.test.ts checks every message built here against them). Written
 * out here, not imported: the loader carries none of the app's code.
 */

const PREFIX = "rpc-playground:";

export type Params = unknown[] | Record<string, unknown>;

/** What a page hands to its embed, by kind; the loader keeps the last of each to hand in again. */
export type HostMessages = {
  network: { type: "rpc-playground:set-network"; network: string };
  params: { type: "rpc-playground:set-params"; params: Params; method?: string };
  transport: { type: "rpc-playground:set-transport"; transport: "http" | "ws" };
  theme: { type: "rpc-playground:set-theme"; theme: "light" | "dark" };
  key: { type: "rpc-playground:set-key"; key: string };
};
/** The order they are handed in: the network before params read on its chain, the key last. */
export const STATE_ORDER = ["network", "params", "transport", "theme", "key"] as const;

/** A send, named by the loader (`ref`): the embed gives the name back on its result or error. */
export const sendMessage = (ref: string) => ({ type: `${PREFIX}send`, ref }) as const;

/** What the embed tells its page (only what the loader reads of each). */
export type EmbedMessage =
  | {
      type: "rpc-playground:ready";
      method: string;
      network: string;
      /** The provider's name for the playground; unknown, as an older embed sends none. */
      product?: unknown;
    }
  | { type: "rpc-playground:height"; height: number }
  | {
      type: "rpc-playground:result";
      ok: boolean;
      method: string;
      result?: unknown;
      error?: { message: string; code?: number; data?: unknown; kind?: string };
      /** The send it answers (none for a send of the reader's own). */
      ref?: string;
    }
  | { type: "rpc-playground:error"; message: string; about?: string; ref?: string };

/** The embed's `about` for a send it could not make, and for an address it could not read. */
export const ABOUT_SEND = `${PREFIX}send`;
export const ABOUT_ADDRESS = "address";

/** One of the embed's messages, or undefined for anything else on the page's message channel. */
export function readEmbedMessage(data: unknown): EmbedMessage | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case `${PREFIX}ready`:
      return typeof m.method === "string" && typeof m.network === "string" ? (m as EmbedMessage) : undefined;
    case `${PREFIX}height`:
      return typeof m.height === "number" && Number.isFinite(m.height) && m.height >= 0
        ? (m as EmbedMessage)
        : undefined;
    case `${PREFIX}result`:
      return typeof m.ok === "boolean" ? (m as EmbedMessage) : undefined;
    case `${PREFIX}error`:
      return typeof m.message === "string" ? (m as EmbedMessage) : undefined;
    default:
      return undefined;
  }
}

/** A failed send: the node's JSON-RPC error (`code`, `data`) or a failure without an answer (`kind`). */
export class RpcPlaygroundError extends Error {
  override name = "RpcPlaygroundError";
  readonly code: number | undefined;
  readonly data: unknown;
  readonly kind: string | undefined;
  constructor(message: string, detail: { code?: number; data?: unknown; kind?: string } = {}) {
    super(message);
    this.code = detail.code;
    this.data = detail.data;
    this.kind = detail.kind;
  }
}
