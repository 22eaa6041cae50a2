import { z } from "zod/mini";
import { toErrorDisplay } from "../../rpc/display.ts";
import { REDACTED_KEY } from "../../rpc/redact.ts";
import type { SentEvent } from "../../send/sent.ts";

/**
 * The postMessage API between an embed and its host page. Every message is a plain object whose
 * `type` starts with `rpc-playground:`; anything else on the window's message channel belongs to
 * someone else and is left alone. Pure: schemas, builders and the origin rules, no DOM.
 */

const PREFIX = "rpc-playground:";
const PROTOCOL_VERSION = 1;

const paramsSchema = z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
  error: "params must be a JSON array or object.",
});

/** host → embed. */
const hostMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal(`${PREFIX}set-key`), key: z.string().check(z.trim(), z.maxLength(512)) }),
  z.object({ type: z.literal(`${PREFIX}set-network`), network: z.string().check(z.minLength(1)) }),
  z.object({
    type: z.literal(`${PREFIX}set-params`),
    method: z.optional(z.string().check(z.minLength(1))),
    params: paramsSchema,
  }),
  z.object({ type: z.literal(`${PREFIX}set-theme`), theme: z.enum(["light", "dark"]) }),
  z.object({ type: z.literal(`${PREFIX}set-transport`), transport: z.enum(["http", "ws"]) }),
  /** `ref`: the host's own name for this send, given back on its result or error (embed.js sets it). */
  z.object({ type: z.literal(`${PREFIX}send`), ref: z.optional(z.string().check(z.maxLength(64))) }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;

const rpcErrorSchema = z.object({
  code: z.optional(z.number()),
  message: z.string(),
  data: z.optional(z.unknown()),
  /** For failures without a JSON-RPC answer: timeout, http-status, network, ws-dropped, … */
  kind: z.optional(z.string()),
});

/** embed → host. */
export const embedMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal(`${PREFIX}ready`),
    version: z.literal(PROTOCOL_VERSION),
    method: z.string(),
    network: z.string(),
    /** The provider's name for the playground (playground.config.json): embed.js titles its frame with it. */
    product: z.string(),
  }),
  z.object({ type: z.literal(`${PREFIX}height`), height: z.number().check(z.int(), z.nonnegative()) }),
  z.object({
    type: z.literal(`${PREFIX}result`),
    /** The request's id: a number, or a string or null when the body said so (beyond the service spec). */
    id: z.union([z.number(), z.string(), z.null()]),
    method: z.string(),
    network: z.string(),
    transport: z.enum(["http", "ws"]),
    ok: z.boolean(),
    result: z.optional(z.unknown()),
    error: z.optional(rpcErrorSchema),
    latencyMs: z.number().check(z.nonnegative()),
    /** The `ref` of the host's send this answers (none for a send of the reader's own). */
    ref: z.optional(z.string()),
  }),
  z.object({
    type: z.literal(`${PREFIX}error`),
    message: z.string(),
    about: z.optional(z.string()),
    /** The `ref` of the host's send this refuses. */
    ref: z.optional(z.string()),
  }),
]);
export type EmbedMessage = z.infer<typeof embedMessageSchema>;
type ResultMessage = Extract<EmbedMessage, { type: "rpc-playground:result" }>;

type ReadHostMessage =
  | { kind: "message"; message: HostMessage }
  /** Not ours (no `rpc-playground:` type): another script's message, ignored quietly. */
  | { kind: "foreign" }
  | { kind: "invalid"; type: string; reason: string };

/** Whether a message event's data is one of ours at all (before any origin or shape check). */
export function isOurs(data: unknown): data is { type: string } {
  return (
    typeof data === "object" &&
    data !== null &&
    typeof (data as { type?: unknown }).type === "string" &&
    (data as { type: string }).type.startsWith(PREFIX)
  );
}

/** Checks a host's message; a bad one gets a reason the host's author can act on. */
export function readHostMessage(data: unknown): ReadHostMessage {
  if (!isOurs(data)) return { kind: "foreign" };
  const r = hostMessageSchema.safeParse(data);
  if (r.success) return { kind: "message", message: r.data };
  const known = hostMessageSchema.def.options.flatMap((o) => o.shape.type.def.values);
  if (!(known as string[]).includes(data.type))
    return {
      kind: "invalid",
      type: data.type,
      reason: `Unknown message type ${data.type}; the embed accepts ${known.join(", ")}.`,
    };
  const issue = r.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  return {
    kind: "invalid",
    type: data.type,
    reason: `${data.type}: ${where}${issue?.message ?? "bad shape"}`,
  };
}

export function readyMessage(method: string, network: string, product: string): EmbedMessage {
  return { type: `${PREFIX}ready`, version: PROTOCOL_VERSION, method, network, product };
}

export function heightMessage(height: number): EmbedMessage {
  return { type: `${PREFIX}height`, height: Math.max(0, Math.ceil(height)) };
}

export function errorMessage(message: string, about?: string, ref?: string): EmbedMessage {
  return {
    type: `${PREFIX}error`,
    message,
    ...(about ? { about } : {}),
    ...(ref !== undefined ? { ref } : {}),
  };
}

/** Every string inside `value` with `key` replaced by the placeholder (keys under 4 chars are left). */
export function withoutKey<T>(value: T, key: string): T {
  // Walked whatever the key: the copy is of plain objects, which postMessage clones (a big
  // answer's rows are kept as their text, chain/row-text.ts, and cannot be).
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return key.length < 4 ? v : v.split(key).join(REDACTED_KEY);
    if (depth > 64 || typeof v !== "object" || v === null) return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)]));
  };
  return walk(value, 0) as T;
}

/**
 * What the host hears after each send: the request's id and method, whether it succeeded, the
 * result or the error, the latency. Never the key: it is not a member, and any text that might
 * carry it (an error's detail) is scrubbed.
 */
export function resultMessage(e: SentEvent, ref?: string, now: number = Date.now()): ResultMessage {
  const base = {
    type: `${PREFIX}result` as const,
    ...(ref !== undefined ? { ref } : {}),
    id: e.vars.body.id,
    method: e.vars.body.method,
    network: e.vars.network.id,
    transport: e.vars.transport,
  };
  let msg: ResultMessage;
  const answer = e.ok ? e.answer : undefined;
  if (answer?.kind === "result") {
    msg = { ...base, ok: true, result: answer.result, latencyMs: round(answer.meta.latencyMs) };
  } else if (answer?.kind === "error") {
    const { code, message, data } = answer.error;
    msg = {
      ...base,
      ok: false,
      error: { code, message, ...(data !== undefined ? { data } : {}) },
      latencyMs: round(answer.meta.latencyMs),
    };
  } else {
    const d = toErrorDisplay(e.ok ? undefined : e.error);
    msg = {
      ...base,
      ok: false,
      error: { kind: d.kind, message: d.detail ? `${d.title}: ${d.detail}` : d.title },
      latencyMs: round(Math.max(0, now - e.at)),
    };
  }
  return withoutKey(msg, e.vars.apiKey);
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Whether a message from `origin` may control the embed: its own origin, or one the address lists. */
export function isAllowedOrigin(origin: string, allowed: readonly string[], self: string): boolean {
  if (origin === "null" || origin === "") return false;
  return origin === self || allowed.includes(origin);
}

const originOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    const o = new URL(url).origin;
    return o === "null" ? undefined : o;
  } catch {
    return undefined;
  }
};

/**
 * The exact origin to post to the host with, when it is known and allowed; results go only there.
 * The parent's origin comes from `location.ancestorOrigins` (Chromium, Safari) or the referrer;
 * when the browser gives neither, a single listed origin is assumed. A parent that is known and not
 * allowed gets no target: it hears `ready` and `height` (which carry nothing) and never a result.
 */
export function hostTargetOrigin(input: {
  ancestorOrigin: string | undefined;
  referrer: string | undefined;
  allowed: readonly string[];
  self: string;
}): string | undefined {
  const parent = originOf(input.ancestorOrigin) ?? originOf(input.referrer);
  if (parent) return isAllowedOrigin(parent, input.allowed, input.self) ? parent : undefined;
  return input.allowed.length === 1 ? input.allowed[0] : undefined;
}

/** One row of the message table (the guide page shows it; docs/embed.md has the same). */
export type MessageDoc = { direction: "embed → host" | "host → embed"; shape: string; meaning: string };

export const MESSAGE_DOCS: readonly MessageDoc[] = [
  {
    direction: "embed → host",
    shape: '{ type: "rpc-playground:ready", version: 1, method, network, product }',
    meaning: "The embed listens now; send your messages after this one.",
  },
  {
    direction: "embed → host",
    shape: '{ type: "rpc-playground:height", height }',
    meaning: "The content's height in CSS pixels, on every change: set the iframe's height to it.",
  },
  {
    direction: "embed → host",
    shape: '{ type: "rpc-playground:result", id, method, network, transport, ok, result | error, latencyMs }',
    meaning: "After each send. Only to an allowed origin; never carries the key.",
  },
  {
    direction: "embed → host",
    shape: '{ type: "rpc-playground:error", message, about }',
    meaning:
      'A message of yours was malformed or could not be applied (about: its type); or, about: "address", the embed\'s address has problems.',
  },
  {
    direction: "host → embed",
    shape: '{ type: "rpc-playground:set-key", key }',
    meaning: "The reader's key, kept in memory only (never stored).",
  },
  {
    direction: "host → embed",
    shape: '{ type: "rpc-playground:set-network", network }',
    meaning: "A catalog network id, such as ethereum-mainnet.",
  },
  {
    direction: "host → embed",
    shape: '{ type: "rpc-playground:set-params", method?, params }',
    meaning: "Fills the form with these wire params (of this method, or of the current one).",
  },
  {
    direction: "host → embed",
    shape: '{ type: "rpc-playground:set-theme", theme }',
    meaning: '"light" or "dark".',
  },
  {
    direction: "host → embed",
    shape: '{ type: "rpc-playground:set-transport", transport }',
    meaning: '"http" or "ws".',
  },
  {
    direction: "host → embed",
    shape: '{ type: "rpc-playground:send" }',
    meaning: "Sends the request, as the Send button does.",
  },
];
