/**
 * Writes request bodies from a method's form values (the form, the editor, links, the QA run);
 * `methods/body-reading.ts` reads them back.
 */
import type { JsonRpcId, JsonRpcRequest } from "../rpc/types.ts";
import { completeValues } from "./form-values.ts";
import type { Problems } from "./param-kinds/kind.ts";
import { checkParam, emptyValue, isEmptyValue, toWire } from "./param-types.ts";
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

/** Every problem of a method's values, keyed by param (or `param.field`, `param.row`). */
export function validateValues(def: MethodDef, values: FormValues): Problems {
  const out: Problems = {};
  const full = completeValues(def, values);
  for (const p of def.params) checkParam(p, full[p.name] ?? emptyValue(p.kind), out);
  return out;
}
