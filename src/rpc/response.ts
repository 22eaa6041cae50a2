import { isRecord } from "../chain/field.ts";
import type { JsonRpcErrorObject } from "./types.ts";

/** Parsing of answers shared by both transports. The body is `unknown` until checked here. */

export const BODY_SNIPPET_CHARS = 300;

export type ParsedResponse =
  | { kind: "result"; id: unknown; result: unknown; raw: unknown }
  | { kind: "error"; id: unknown; error: JsonRpcErrorObject; raw: unknown };

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A JSON-RPC error object: a numeric `code`; `message` a string (missing counts as ""). */
export function asJsonRpcErrorObject(v: unknown): JsonRpcErrorObject | undefined {
  if (!isRecord(v) || typeof v.code !== "number" || !Number.isFinite(v.code)) return undefined;
  if (v.message !== undefined && typeof v.message !== "string") return undefined;
  const error: JsonRpcErrorObject = { code: v.code, message: v.message ?? "" };
  if ("data" in v) error.data = v.data;
  return error;
}

/** A JSON-RPC response object (one with `result`, or with a well-formed `error`), else undefined. */
export function toParsedResponse(value: unknown): ParsedResponse | undefined {
  if (!isRecord(value)) return undefined;
  if ("error" in value && value.error !== null && value.error !== undefined) {
    const error = asJsonRpcErrorObject(value.error);
    return error ? { kind: "error", id: value.id, error, raw: value } : undefined;
  }
  if ("result" in value) return { kind: "result", id: value.id, result: value.result, raw: value };
  return undefined;
}

/** A server notification (`{ method, params }` with no id), such as `eth_subscription`. */
export function isNotification(value: unknown): boolean {
  return isRecord(value) && typeof value.method === "string" && !("id" in value);
}

/** The first characters of a body, whitespace runs collapsed, for messages. */
export function snippet(text: string, max = BODY_SNIPPET_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

const encoder = new TextEncoder();

export function utf8ByteLength(text: string): number {
  return encoder.encode(text).byteLength;
}
