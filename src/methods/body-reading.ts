import type { ChainKind } from "../networks/network.ts";
import { type RawRequest, rawRequest, readId } from "../rpc/raw-request.ts";
import type { JsonRpcId } from "../rpc/types.ts";
import { bodyFor, type JsonRpcBody, validateValues } from "./body.ts";
import { syntaxErrorAt } from "./json-locate.ts";
import type { Problems } from "./param-kinds/kind.ts";
import { emptyValue, fromWire, toWire } from "./param-types.ts";
import { registry as defaultRegistry, type Registry } from "./registry.ts";
import type { FormValues, MethodDef } from "./types.ts";

/**
 * The one reader of a request body (methods/body.ts writes them). The app advises, the node decides: every body is read as far as it can be, each problem kept with
 * the place in the body it concerns (for the editor's line and the form's field), and none of them
 * stops a send (docs/decisions.md, "Send anyway").
 */

/** Where in the body: object members by name, array elements by index (a batch's element first). */
export type BodyPath = readonly (string | number)[];
/** A problem at the value `path` leads to, or, for text that is no JSON, `at` where its parsing stopped. */
type BodyProblem = { message: string; path: BodyPath; at?: { line: number; column: number } };

/** A value in the body that the method's form cannot hold: shown as text with its problem. */
export type HeldAsText = { text: string; message: string };

/** One request object as read (a single body, or one element of a batch). */
type RequestReading = {
  /** The method the request names, if it names one as a string. */
  method: string | undefined;
  /** The playground's definition of that method (of either chain), if it has one. */
  def: MethodDef | undefined;
  /** The id as the node reads it; undefined when it cannot read one (none, or not a number, string or null). */
  id: JsonRpcId | undefined;
  /** The params as they are in the body. */
  params: unknown;
  /** The form's values (a known method): what the fields can hold; the rest is in `unheld`. */
  values: FormValues | undefined;
  /** Params the form's field cannot hold, by param name: their JSON text and why. */
  unheld: Record<string, HeldAsText>;
  /** Params the method has no field for (a fourth positional param, an unknown named one). */
  extra: HeldAsText | undefined;
  /** The form values' own problems, keyed as the fields show them (`param`, `param.row`, `param.field`). */
  fieldErrors: Problems;
  problems: BodyProblem[];
  /** What the body does beyond the service spec, or that the playground only passes on. */
  notes: string[];
};

export type BodyReading =
  | { kind: "not-json"; problems: BodyProblem[]; notes: string[] }
  | { kind: "not-request"; problems: BodyProblem[]; notes: string[] }
  | { kind: "request"; request: RequestReading; problems: BodyProblem[]; notes: string[] }
  | { kind: "batch"; requests: RequestReading[]; problems: BodyProblem[]; notes: string[] };

/** Hover and note text where JSON-RPC and the nodes accept more than the service spec. */
export const BEYOND_SPEC = "beyond the service spec; accepted by geth, Erigon, Nethermind, Reth";

const MEMBERS = ["jsonrpc", "id", "method", "params"];
const describeJsonError = (e: unknown) => (e instanceof Error ? e.message : String(e));
const asText = (v: unknown) => JSON.stringify(v) ?? String(v);

/** Reads a body the user wrote: JSON or not, one request or a batch, each problem at its place. */
export function readBody(text: string, chain: ChainKind, registry: Registry = defaultRegistry): BodyReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const message = describeJsonError(e);
    const at = syntaxErrorAt(text, message);
    return {
      kind: "not-json",
      problems: [{ message: `The body is not valid JSON: ${message}`, path: [], ...(at ? { at } : {}) }],
      notes: [],
    };
  }
  if (Array.isArray(json)) {
    const requests = json.map((r, i) => readRequest(r, chain, registry, [i]));
    const problems: BodyProblem[] =
      json.length === 0
        ? [
            {
              message: "The batch is empty: JSON-RPC answers an empty array with one -32600 error.",
              path: [],
            },
          ]
        : [];
    const notes = [
      `A batch of ${json.length} request${json.length === 1 ? "" : "s"}: ${BEYOND_SPEC}. It is sent as written.`,
    ];
    return {
      kind: "batch",
      requests,
      problems: [...problems, ...requests.flatMap((r) => r.problems)],
      notes,
    };
  }
  if (typeof json !== "object" || json === null)
    return {
      kind: "not-request",
      problems: [
        {
          message:
            "The body must be a JSON object with jsonrpc, id, method and params (or an array of them).",
          path: [],
        },
      ],
      notes: [],
    };
  const request = readRequest(json, chain, registry, []);
  return { kind: "request", request, problems: request.problems, notes: request.notes };
}

/** Reads one request object; `at` is its place in the body (a batch's index, or none). */
function readRequest(json: unknown, chain: ChainKind, registry: Registry, at: BodyPath): RequestReading {
  const reading: RequestReading = {
    method: undefined,
    def: undefined,
    id: undefined,
    params: undefined,
    values: undefined,
    unheld: {},
    extra: undefined,
    fieldErrors: {},
    problems: [],
    notes: [],
  };
  const problem = (message: string, path: BodyPath = []) =>
    reading.problems.push({ message, path: [...at, ...path] });
  const where = at.length ? `Request ${Number(at[0]) + 1}: ` : "";
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    problem(`${where}must be a JSON object with jsonrpc, id, method and params.`);
    return reading;
  }
  const o = json as Record<string, unknown>;
  for (const k of Object.keys(o).filter((k) => !MEMBERS.includes(k)))
    problem(`${where}JSON-RPC has no member "${k}".`, [k]);
  if (o.jsonrpc !== "2.0")
    problem(`${where}jsonrpc must be the string "2.0".`, "jsonrpc" in o ? ["jsonrpc"] : []);

  if (!("id" in o)) {
    problem(`${where}no id: JSON-RPC calls this a notification, which the node does not answer.`);
  } else {
    reading.id = readId(o.id);
    if (reading.id === undefined) problem(`${where}id must be a number, a string or null.`, ["id"]);
    else if (typeof reading.id === "number" && (!Number.isSafeInteger(reading.id) || reading.id < 0))
      problem(`${where}id should be a whole number (0 or more).`, ["id"]);
    else if (typeof reading.id !== "number")
      reading.notes.push(
        `${where}id ${asText(reading.id)}: a ${reading.id === null ? "null" : "string"} id is ${BEYOND_SPEC}.`,
      );
  }

  if (typeof o.method !== "string") {
    problem(
      `${where}method must be a string, such as eth_getBlockByNumber.`,
      "method" in o ? ["method"] : [],
    );
  } else {
    reading.method = o.method;
    reading.def = registry.get(o.method);
    if (!reading.def)
      reading.notes.push(
        `${where}${o.method} is not one of the playground's methods: it is sent as written and its answer shown as JSON.`,
      );
    else if (reading.def.chain !== chain) {
      const their = reading.def.chain === "starknet" ? "Starknet" : "EVM";
      const ours = chain === "starknet" ? "Starknet" : "EVM";
      problem(`${where}${reading.def.name} is a ${their} method; the selected network is ${ours}.`, [
        "method",
      ]);
    }
  }

  reading.params = o.params;
  const def = reading.def;
  if (!def) {
    if ("params" in o && (typeof o.params !== "object" || o.params === null))
      problem(`${where}params must be an array or an object.`, ["params"]);
    return reading;
  }
  readParams(def, o, reading, (message, path) => problem(`${where}${message}`, path));
  return reading;
}

function readParams(
  def: MethodDef,
  o: Record<string, unknown>,
  reading: RequestReading,
  problem: (message: string, path?: BodyPath) => void,
): void {
  const values: FormValues = {};
  reading.values = values;
  const hold = (name: string, w: unknown, message: string, path: BodyPath) => {
    reading.unheld[name] = { text: asText(w), message };
    problem(message, path);
  };
  /** Where each param sits in params: its index, or its name. */
  const placeOf = new Map<string, string | number>();
  const missing = new Set<string>();
  if (def.paramsShape === "object") {
    if (typeof o.params !== "object" || o.params === null || Array.isArray(o.params)) {
      problem(`${def.name} takes its params as an object: {"block_id": …}.`, "params" in o ? ["params"] : []);
      for (const p of def.params) values[p.name] = emptyValue(p.kind);
      if ("params" in o) reading.extra = { text: asText(o.params), message: "params is not an object." };
      return;
    }
    const named = o.params as Record<string, unknown>;
    const unknown = Object.keys(named).filter((k) => !def.params.some((p) => p.name === k));
    if (unknown.length) {
      const message = `${def.name} has no param named ${unknown.join(", ")}.`;
      reading.extra = { text: asText(Object.fromEntries(unknown.map((k) => [k, named[k]]))), message };
      for (const k of unknown) problem(message, ["params", k]);
    }
    for (const p of def.params) {
      placeOf.set(p.name, p.name);
      if (!(p.name in named)) {
        if (p.required) problem(`params needs "${p.name}".`, ["params"]);
        missing.add(p.name);
        values[p.name] = emptyValue(p.kind);
        continue;
      }
      const r = fromWire(p, named[p.name]);
      if (r.ok) values[p.name] = r.value;
      else {
        values[p.name] = emptyValue(p.kind);
        hold(p.name, named[p.name], r.message, ["params", p.name]);
      }
    }
  } else {
    if (!Array.isArray(o.params)) {
      problem(
        `${def.name} takes its params as an array: [${def.params.map((p) => p.label).join(", ")}].`,
        "params" in o ? ["params"] : [],
      );
      for (const p of def.params) values[p.name] = emptyValue(p.kind);
      if ("params" in o) reading.extra = { text: asText(o.params), message: "params is not an array." };
      return;
    }
    const list = o.params;
    const required = def.params.filter((p) => p.required).length;
    const count = required === def.params.length ? `${required}` : `${required} to ${def.params.length}`;
    const takes = `${def.name} takes ${count} params (${def.params.map((p) => p.label).join(", ")}); this body has ${list.length}.`;
    if (list.length < required) problem(takes, ["params"]);
    if (list.length > def.params.length) {
      reading.extra = { text: asText(list.slice(def.params.length)), message: takes };
      problem(takes, ["params", def.params.length]);
    }
    for (const [i, p] of def.params.entries()) {
      placeOf.set(p.name, i);
      if (i >= list.length) {
        values[p.name] = emptyValue(p.kind);
        missing.add(p.name);
        continue;
      }
      const r = fromWire(p, list[i]);
      if (r.ok) values[p.name] = r.value;
      else {
        values[p.name] = emptyValue(p.kind);
        hold(p.name, list[i], r.message, ["params", i]);
      }
    }
  }
  const errors = validateValues(def, values);
  for (const name of Object.keys(reading.unheld)) {
    for (const key of Object.keys(errors)) if (key === name || key.startsWith(`${name}.`)) delete errors[key];
  }
  reading.fieldErrors = errors;
  for (const [key, message] of Object.entries(errors)) {
    const [name = "", sub] = key.split(".");
    // A required param the body leaves out: "takes N params" says so already.
    if (missing.has(name)) continue;
    const place = placeOf.get(name);
    const path: BodyPath =
      place === undefined
        ? ["params"]
        : sub === undefined
          ? ["params", place]
          : ["params", place, /^\d+$/.test(sub) ? Number(sub) : sub];
    problem(message, path);
  }
}

/**
 * A request the method's form holds whole: its definition, its values (valid or not: the fields
 * show their problems) and its id; or the first reason the form cannot hold it (not JSON, a batch,
 * a method the playground does not offer or of the other chain, params of the wrong shape or count,
 * a value its field cannot hold).
 */
type FormRequest =
  | { ok: true; def: MethodDef; method: string; values: FormValues; id: JsonRpcId }
  | { ok: false; message: string };

function asFormRequest(reading: BodyReading, chain: ChainKind, registry: Registry): FormRequest {
  if (reading.kind === "batch")
    return { ok: false, message: "The body is a batch (an array of requests); edit it in the editor." };
  if (reading.kind !== "request")
    return { ok: false, message: reading.problems[0]?.message ?? "The body is not a request." };
  const r = reading.request;
  if (r.method !== undefined && !r.def) {
    const names = registry.forChain(chain).map((m) => m.name);
    return {
      ok: false,
      message: `The playground does not offer ${r.method}; pick one of ${names.join(", ")}.`,
    };
  }
  if (r.def && r.def.chain !== chain) {
    const their = r.def.chain === "starknet" ? "Starknet" : "EVM";
    const ours = chain === "starknet" ? "Starknet" : "EVM";
    return {
      ok: false,
      message: `${r.def.name} is a ${their} method; the selected network is ${ours}. Pick a ${their} network to send it.`,
    };
  }
  // A value that does not validate still comes into the form, beside its message.
  const validation = new Set(Object.values(r.fieldErrors));
  const first = r.problems.find((p) => !validation.has(p.message));
  if (first) return { ok: false, message: first.message };
  if (!r.def || !r.values || r.id === undefined)
    return { ok: false, message: "The body must be a JSON object with jsonrpc, id, method and params." };
  return { ok: true, def: r.def, method: r.def.name, values: r.values, id: r.id };
}

/** Reads a body into a method and its form values: see {@link FormRequest}. */
export function readFormRequest(
  text: string,
  chain: ChainKind,
  registry: Registry = defaultRegistry,
): FormRequest {
  return asFormRequest(readBody(text, chain, registry), chain, registry);
}

/**
 * A method's wire params (from a link, a share link, a history entry, an embed's host) read into
 * its form values, as the editor reads them in a body.
 */
export function readFormParams(
  method: string,
  params: unknown,
  chain: ChainKind,
  registry: Registry = defaultRegistry,
): FormRequest {
  const request = readRequest({ jsonrpc: "2.0", id: 0, method, params }, chain, registry, []);
  return asFormRequest(
    { kind: "request", request, problems: request.problems, notes: request.notes },
    chain,
    registry,
  );
}

/** What a Send puts on the wire, and what it is read as. */
type SendPlan = {
  /** The body as written, with the ids the answer is matched by. */
  raw: RawRequest;
  /** A valid single request of one of the nine methods: sent in this canonical form instead. */
  canonical: JsonRpcBody | undefined;
  reading: BodyReading;
  /** Problems a Send asks to confirm ("Send anyway"); empty: it sends at once. */
  problems: BodyProblem[];
  /** What the views and the history read: the single request's method, params and id (empty for others). */
  body: JsonRpcBody;
};

/**
 * Plans a send of `text`. The rule (docs/decisions.md): a body without problems that is one request
 * of one of the playground's methods goes in canonical form (storage keys padded to 32 bytes, an
 * empty optional tail left out, compact JSON); every other body (one with problems, a method the
 * playground has no form for, a batch, text that is not JSON) goes exactly as written.
 */
export function planSend(text: string, chain: ChainKind, registry: Registry = defaultRegistry): SendPlan {
  const reading = readBody(text, chain, registry);
  const raw = rawRequest(text);
  const problems = reading.problems;
  let body: JsonRpcBody = { jsonrpc: "2.0", id: null, method: "", params: [] };
  let canonical: JsonRpcBody | undefined;
  if (reading.kind === "request") {
    const r = reading.request;
    const params = r.params;
    body = {
      jsonrpc: "2.0",
      id: r.id ?? null,
      method: r.method ?? "",
      params:
        typeof params === "object" && params !== null ? (params as unknown[] | Record<string, unknown>) : [],
    };
    if (problems.length === 0 && r.def && r.values && r.id !== undefined) {
      canonical = bodyFor(r.def, r.values, r.id);
      body = canonical;
    }
  }
  return { raw, canonical, reading, problems, body };
}

/**
 * The body after the form changed `values`: written from them, but what the form cannot hold stays
 * as it was in `current` (a param its field cannot hold, params after the last it has, a string or
 * null id), so a form edit never drops what the user wrote in the editor.
 */
export function rewriteWithValues(
  current: string,
  def: MethodDef,
  values: FormValues,
  id: number,
  chain: ChainKind,
  registry: Registry = defaultRegistry,
): string {
  const reading = readBody(current, chain, registry);
  const r = reading.kind === "request" ? reading.request : undefined;
  if (!r || r.def !== def) return JSON.stringify(bodyFor(def, values, id), null, 2);
  const keepId = r.id !== undefined && typeof r.id !== "number" ? r.id : id;
  const body = bodyFor(def, values, keepId);
  if (def.paramsShape === "array" && Array.isArray(r.params)) {
    const before = r.params;
    const wire = body.params as unknown[];
    const full = def.params.map((p, i) =>
      p.name in r.unheld ? before[i] : (wire[i] ?? toWire(p, values[p.name] ?? emptyValue(p.kind))),
    );
    let end = full.length;
    while (end > wire.length && !(def.params[end - 1]!.name in r.unheld)) end -= 1;
    body.params = [...full.slice(0, end), ...before.slice(def.params.length)];
  } else if (def.paramsShape === "object" && isObject(r.params)) {
    const before = r.params;
    const kept = Object.fromEntries(
      Object.entries(before).filter(([k]) => k in r.unheld || !def.params.some((p) => p.name === k)),
    );
    body.params = { ...(body.params as Record<string, unknown>), ...kept };
  }
  return JSON.stringify(body, null, 2);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
