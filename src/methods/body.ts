import type { ChainKind } from "../networks/network.ts";
import { readId } from "../rpc/raw-request.ts";
import type { JsonRpcId, JsonRpcRequest } from "../rpc/types.ts";
import { completeValues } from "./form-values.ts";
import type { Problems } from "./param-kinds/kind.ts";
import { checkParam, emptyValue, fromWire, isEmptyValue, toWire } from "./param-types.ts";
import { registry as defaultRegistry, type Registry } from "./registry.ts";
import type { FormValues, MethodDef } from "./types.ts";

/** The request the form and the editor build: the transports' own request type. */
export type JsonRpcBody = JsonRpcRequest;

/** The params as they go on the wire: positional (an optional tail left out while empty) or named. */
export function paramsFor(def: MethodDef, values: FormValues): unknown[] | Record<string, unknown> {
  const full = completeValues(def, values);
  if (def.paramsShape === "object") {
    return Object.fromEntries(def.params.map((p) => [p.name, toWire(p, full[p.name] ?? emptyValue(p.kind))]));
  }
  const list = def.params.map((p) => ({ p, v: full[p.name] ?? emptyValue(p.kind) }));
  while (list.length > 0) {
    const last = list[list.length - 1]!;
    if (last.p.required || !isEmptyValue(last.p.kind, last.v)) break;
    list.pop();
  }
  return list.map(({ p, v }) => toWire(p, v));
}

export function bodyFor(def: MethodDef, values: FormValues, id: JsonRpcId): JsonRpcBody {
  return { jsonrpc: "2.0", id, method: def.name, params: paramsFor(def, values) };
}

export function bodyTextFor(
  method: string,
  values: FormValues,
  id: number,
  registry: Registry = defaultRegistry,
): string {
  const def = registry.get(method);
  if (!def) return JSON.stringify({ jsonrpc: "2.0", id, method, params: [] }, null, 2);
  return JSON.stringify(bodyFor(def, values, id), null, 2);
}

type ParsedBody =
  | { ok: true; def: MethodDef; method: string; values: FormValues; id: JsonRpcId }
  | { ok: false; message: string };

const describeJsonError = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Reads a body the user typed back into a method and its form values. It fails only when the body
 * cannot be a request of a method of this chain; values that do not validate still come through,
 * so the form shows them beside their message.
 */
export function parseBody(text: string, chain: ChainKind, registry: Registry = defaultRegistry): ParsedBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The body is not valid JSON: ${describeJsonError(e)}` };
  }
  return parseRequest(json, chain, registry);
}

/**
 * A request already read from JSON (a body, or one built from a link, a share link, a history
 * entry), checked as the editor checks a body: see {@link parseBody}.
 */
function parseRequest(json: unknown, chain: ChainKind, registry: Registry = defaultRegistry): ParsedBody {
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return {
      ok: false,
      message: Array.isArray(json)
        ? "The body is a batch (an array of requests); edit it in the editor."
        : "The body must be a JSON object with jsonrpc, id, method and params.",
    };
  const o = json as Record<string, unknown>;
  const extra = Object.keys(o).filter((k) => !["jsonrpc", "id", "method", "params"].includes(k));
  if (extra.length)
    return { ok: false, message: `The body has a member JSON-RPC does not know: ${extra.join(", ")}.` };
  if (o.jsonrpc !== "2.0") return { ok: false, message: 'jsonrpc must be the string "2.0".' };
  // A string or null id is beyond the service spec, and accepted (JSON-RPC 2.0 allows it).
  const id = readId(o.id);
  if (id === undefined || (typeof id === "number" && (!Number.isSafeInteger(id) || id < 0)))
    return { ok: false, message: "id must be a whole number (0 or more), a string or null." };
  if (typeof o.method !== "string")
    return { ok: false, message: "method must be a string, such as eth_getBlockByNumber." };
  const def = registry.get(o.method);
  if (!def) {
    const names = registry.forChain(chain).map((m) => m.name);
    return {
      ok: false,
      message: `The playground does not offer ${o.method}; pick one of ${names.join(", ")}.`,
    };
  }
  if (def.chain !== chain)
    return {
      ok: false,
      message: `${def.name} is a ${def.chain === "starknet" ? "Starknet" : "EVM"} method; the selected network is ${chain === "starknet" ? "Starknet" : "EVM"}. Pick a ${def.chain === "starknet" ? "Starknet" : "EVM"} network to send it.`,
    };
  const values: FormValues = {};
  if (def.paramsShape === "object") {
    if (typeof o.params !== "object" || o.params === null || Array.isArray(o.params))
      return { ok: false, message: `${def.name} takes its params as an object: {"block_id": …}.` };
    const named = o.params as Record<string, unknown>;
    const unknown = Object.keys(named).filter((k) => !def.params.some((p) => p.name === k));
    if (unknown.length)
      return { ok: false, message: `${def.name} has no param named ${unknown.join(", ")}.` };
    for (const p of def.params) {
      if (!(p.name in named)) {
        if (p.required) return { ok: false, message: `params needs "${p.name}".` };
        values[p.name] = emptyValue(p.kind);
        continue;
      }
      const r = fromWire(p, named[p.name]);
      if (!r.ok) return r;
      values[p.name] = r.value;
    }
  } else {
    if (!Array.isArray(o.params))
      return {
        ok: false,
        message: `${def.name} takes its params as an array: [${def.params.map((p) => p.label).join(", ")}].`,
      };
    const list = o.params;
    const required = def.params.filter((p) => p.required).length;
    if (list.length > def.params.length || list.length < required) {
      const count = required === def.params.length ? `${required}` : `${required} to ${def.params.length}`;
      return {
        ok: false,
        message: `${def.name} takes ${count} params (${def.params.map((p) => p.label).join(", ")}); this body has ${list.length}.`,
      };
    }
    for (const [i, p] of def.params.entries()) {
      if (i >= list.length) {
        values[p.name] = emptyValue(p.kind);
        continue;
      }
      const r = fromWire(p, list[i]);
      if (!r.ok) return r;
      values[p.name] = r.value;
    }
  }
  return { ok: true, def, method: def.name, values, id };
}

/** Every problem of a method's values, keyed by param (or `param.field`, `param.row`). */
export function validateValues(def: MethodDef, values: FormValues): Problems {
  const out: Problems = {};
  const full = completeValues(def, values);
  for (const p of def.params) checkParam(p, full[p.name] ?? emptyValue(p.kind), out);
  return out;
}

/** A method's wire params read back into its form values, as the editor would read them in a body. */
export function parseParams(
  method: string,
  params: unknown,
  chain: ChainKind,
  registry: Registry = defaultRegistry,
): ParsedBody {
  return parseRequest({ jsonrpc: "2.0", id: 0, method, params }, chain, registry);
}

type SendCheck = { ok: true; request: JsonRpcBody } | { ok: false; message: string; fieldErrors?: Problems };

/** Whether the body can be sent as it is, and if not, why (the first problem, and every field's). */
export function checkForSend(
  text: string,
  chain: ChainKind,
  registry: Registry = defaultRegistry,
): SendCheck {
  const parsed = parseBody(text, chain, registry);
  if (!parsed.ok) return parsed;
  const problems = validateValues(parsed.def, parsed.values);
  const first = Object.values(problems)[0];
  if (first) return { ok: false, message: first, fieldErrors: problems };
  // Sent in canonical form: storage keys padded to 32 bytes, an empty optional tail left out.
  return { ok: true, request: bodyFor(parsed.def, parsed.values, parsed.id) };
}
