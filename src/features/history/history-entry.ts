import { z } from "zod/mini";
import { isRecord } from "../../chain/field.ts";
import { formatBytes } from "../../components/ui/format.ts";
import type { Network } from "../../networks/network.ts";
import { toErrorDisplay } from "../../rpc/display.ts";
import { HttpStatusError } from "../../rpc/errors.ts";
import type { JsonRpcId, RpcAnswer } from "../../rpc/types.ts";
import type { SentEvent } from "../../send/sent.ts";
import { sanitize } from "./history-secrets.ts";

/** Answers larger than this (as they came over the wire, or as an import's JSON) are kept without their body. */
export const MAX_ANSWER_BYTES = 256 * 1024;
/** A body sent as written is kept up to this many characters (longer ones are cut, and say so). */
const MAX_BODY_CHARS = 256 * 1024;

const statusSchema = z.discriminatedUnion("kind", [
  /** A result, `null` included. */
  z.object({ kind: z.literal("ok") }),
  /** Sent; no answer kept yet (on its way, or the page closed before it came). */
  z.object({ kind: z.literal("sent") }),
  /** The node answered with a JSON-RPC error object. */
  z.object({
    kind: z.literal("rpc-error"),
    code: z.number().check(z.int()),
    message: z.string().check(z.maxLength(10_000)),
  }),
  /** No usable answer: the kind and title of `toErrorDisplay`. */
  z.object({
    kind: z.literal("failure"),
    failure: z.string().check(z.minLength(1), z.maxLength(100)),
    title: z.string().check(z.maxLength(1_000)),
  }),
]);

const networkRefSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  kind: z.enum(["evm", "starknet"]),
  /** Only for a custom network, so that it can be recognised (and added again) later. */
  base_url: z.optional(z.string().check(z.maxLength(2_000))),
  ws_url: z.optional(z.string().check(z.maxLength(2_000))),
  custom: z.optional(z.boolean()),
});

/** One request as the history keeps it. Never the key (see history-secrets.ts). */
export const historyEntrySchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  /** When it was sent (ms since the epoch). */
  // A time a Date can hold (up to the year 275760): `new Date(1e300).toISOString()` throws.
  // (z.number() takes finite numbers only.)
  at: z.number().check(z.nonnegative(), z.maximum(8.64e15)),
  /** The method; for a body sent as written that names none, "batch" or "(no method)". */
  method: z.string().check(z.minLength(1), z.maxLength(200)),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  /** A body sent exactly as written (with problems, a batch, not JSON): its text, and whether a batch. */
  sentAs: z.optional(z.object({ text: z.string().check(z.maxLength(MAX_BODY_CHARS)), batch: z.boolean() })),
  network: networkRefSchema,
  transport: z.enum(["http", "ws"]),
  status: statusSchema,
  /** The answer's latency; for a failure, the time until it failed. */
  latencyMs: z.optional(z.number().check(z.nonnegative())),
  /** The answer's size on the wire. */
  sizeBytes: z.optional(z.number().check(z.int(), z.nonnegative())),
  httpStatus: z.optional(z.number().check(z.int())),
  /** The whole JSON-RPC answer (`{jsonrpc, id, result | error}`) when it was small enough. */
  answer: z.optional(z.unknown()),
  /** Set when the answer was not kept because it was over {@link MAX_ANSWER_BYTES}. */
  answerOmitted: z.optional(z.literal("too-large")),
});

export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type HistoryStatus = HistoryEntry["status"];
type NetworkRef = HistoryEntry["network"];

function networkRef(network: Network): NetworkRef {
  const ref: NetworkRef = { id: network.id, name: network.name, kind: network.kind };
  if (network.custom) {
    ref.base_url = network.base_url;
    ref.ws_url = network.ws_url;
    ref.custom = true;
  }
  return ref;
}

/** What an entry holds of the request itself (the same when it is sent and when it has its answer). */
function requestPart(vars: SentEvent["vars"], at: number, id: string) {
  const raw = vars.raw;
  return {
    id,
    at,
    method: raw?.batch ? "batch" : vars.body.method.slice(0, 200) || "(no method)",
    params: vars.body.params,
    network: networkRef(vars.network),
    transport: vars.transport,
    ...(raw
      ? {
          sentAs: {
            text:
              raw.text.length > MAX_BODY_CHARS
                ? `${raw.text.slice(0, MAX_BODY_CHARS - 20)}… (cut)`
                : raw.text,
            batch: raw.batch,
          },
        }
      : {}),
  };
}

/**
 * The entry of a request as it leaves, before its answer: kept at once, so a reload keeps it;
 * {@link toHistoryEntry} with the same id replaces it when the answer comes.
 */
export function toSentEntry(
  vars: SentEvent["vars"],
  at: number,
  opts: { id: string; secrets?: readonly string[] },
): HistoryEntry {
  return sanitize({ ...requestPart(vars, at, opts.id), status: { kind: "sent" } }, [
    vars.apiKey,
    ...(opts.secrets ?? []),
  ]);
}

/**
 * The history entry for one sent request. The key of the request (and any spelling of it, and any
 * `/v3/<segment>`) is scrubbed from everything kept; the key itself is never a field.
 */
export function toHistoryEntry(
  e: SentEvent,
  opts: { id: string; now: number; maxAnswerBytes?: number; secrets?: readonly string[] },
): HistoryEntry {
  const { vars } = e;
  const maxAnswer = opts.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const base = requestPart(vars, e.at, opts.id);
  let entry: HistoryEntry;
  if (e.ok) {
    const { meta } = e.answer;
    entry = {
      ...base,
      status:
        e.answer.kind === "result"
          ? { kind: "ok" }
          : { kind: "rpc-error", code: e.answer.error.code, message: e.answer.error.message },
      latencyMs: Math.max(0, meta.latencyMs),
      sizeBytes: meta.sizeBytes,
      ...(meta.httpStatus !== undefined ? { httpStatus: meta.httpStatus } : {}),
      ...(meta.sizeBytes <= maxAnswer ? { answer: e.answer.raw } : { answerOmitted: "too-large" as const }),
    };
  } else {
    const shown = toErrorDisplay(e.error);
    entry = {
      ...base,
      status: { kind: "failure", failure: shown.kind, title: shown.title },
      latencyMs: Math.max(0, opts.now - e.at),
      ...(e.error instanceof HttpStatusError ? { httpStatus: e.error.status } : {}),
    };
  }
  return sanitize(entry, [vars.apiKey, ...(opts.secrets ?? [])]);
}

/** What a "sent" entry means: its request was kept as it left, no answer after it. */
export const SENT_NO_ANSWER =
  "No answer was kept: the page was closed or reloaded before it came (or it is still on its way).";

/** The short text of a status badge: "ok", "error -32602", "timeout". */
export function statusLabel(status: HistoryStatus): string {
  if (status.kind === "ok") return "ok";
  if (status.kind === "sent") return "sent";
  if (status.kind === "rpc-error") return `error ${status.code}`;
  return status.failure;
}

/**
 * The stored answer as the response views read it, or why there is none. A stored answer is the
 * raw JSON-RPC object: an `error` member makes it an error answer, anything else a result.
 */
export function storedAnswer(
  entry: HistoryEntry,
): { ok: true; answer: RpcAnswer } | { ok: false; reason: string } {
  if (entry.answerOmitted === "too-large")
    return {
      ok: false,
      reason: `The answer (${formatBytes(entry.sizeBytes ?? 0)}) was over the ${formatBytes(MAX_ANSWER_BYTES)} the history keeps, so only its details were kept.`,
    };
  if (entry.answer === undefined) {
    return {
      ok: false,
      reason:
        entry.status.kind === "failure"
          ? `The request got no answer: ${entry.status.title}.`
          : entry.status.kind === "sent"
            ? SENT_NO_ANSWER
            : "This entry has no stored answer.",
    };
  }
  const raw = entry.answer;
  const meta = {
    transport: entry.transport,
    latencyMs: entry.latencyMs ?? 0,
    sizeBytes: entry.sizeBytes ?? 0,
    ...(entry.httpStatus !== undefined ? { httpStatus: entry.httpStatus } : {}),
  };
  if (isRecord(raw) && isRecord(raw.error)) {
    const { code, message, data } = raw.error;
    return {
      ok: true,
      answer: {
        kind: "error",
        error: {
          code: typeof code === "number" ? code : 0,
          message: typeof message === "string" ? message : "",
          ...(data !== undefined ? { data } : {}),
        },
        raw,
        meta,
      },
    };
  }
  const result = isRecord(raw) && "result" in raw ? raw.result : raw;
  return { ok: true, answer: { kind: "result", result, raw, meta } };
}

/** The JSON-RPC id of the stored answer, if it has one (a number, a string or null). */
export function answerId(entry: HistoryEntry): JsonRpcId {
  const raw = entry.answer;
  return isRecord(raw) && (typeof raw.id === "number" || typeof raw.id === "string" || raw.id === null)
    ? raw.id
    : 0;
}

/** What two answers are compared on: the stored answer without its JSON-RPC id and version. */
export function comparableAnswer(
  entry: HistoryEntry,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const stored = storedAnswer(entry);
  if (!stored.ok) return stored;
  const raw = entry.answer;
  if (!isRecord(raw)) return { ok: true, value: raw };
  const { id: _id, jsonrpc: _jsonrpc, ...rest } = raw;
  return { ok: true, value: rest };
}
