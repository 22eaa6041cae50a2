import type { ChainKind } from "../networks/network.ts";
import { BEYOND_SPEC } from "./body-reading.ts";
import type { JsonSchema } from "./param-kinds/kind.ts";
import { paramSchema } from "./param-types.ts";
import type { MethodDef } from "./types.ts";

/** The params of one method: a tuple (positional) or an object (Starknet's named params). */
function paramsSchema(def: MethodDef): JsonSchema {
  const required = def.params.filter((p) => p.required).length;
  return def.paramsShape === "object"
    ? {
        type: "object",
        properties: Object.fromEntries(def.params.map((p) => [p.name, paramSchema(p)])),
        required: def.params.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
        description: `${def.name} takes its params as an object.`,
      }
    : {
        type: "array",
        items: def.params.map(paramSchema),
        minItems: required,
        maxItems: def.params.length,
        additionalItems: false,
        description: `${def.name}: ${def.params.map((p) => `${p.label}${p.required ? "" : " (optional)"}`).join(", ")}.`,
      };
}

/** The id: the spec's number, and JSON-RPC's string and null, which real nodes take too. */
const ID_SCHEMA: JsonSchema = {
  anyOf: [
    { type: "integer", minimum: 0 },
    { type: "string", markdownDescription: `A string id: ${BEYOND_SPEC}. "1" is not 1.` },
    { type: "null", markdownDescription: `A null id: ${BEYOND_SPEC}.` },
  ],
  markdownDescription: `The request id; the answer carries the same id. The service spec says a number; a string or null is ${BEYOND_SPEC}.`,
};

/** The method: any string goes (the node decides); the chain's methods are offered as completions. */
function methodSchema(methodsOfChain: readonly MethodDef[], def?: MethodDef): JsonSchema {
  return {
    type: "string",
    examples: methodsOfChain.map((m) => m.name),
    markdownDescription: def
      ? `**${def.name}**: ${def.summary}`
      : "The method. A method outside the playground's is sent as written and its answer shown as JSON.",
  };
}

const envelope = (method: JsonSchema, params: JsonSchema): JsonSchema => ({
  type: "object",
  properties: {
    jsonrpc: { const: "2.0", description: 'The JSON-RPC version: always "2.0".' },
    id: ID_SCHEMA,
    method,
    params,
  },
  required: ["jsonrpc", "id", "method", "params"],
  additionalProperties: false,
});

const ANY_PARAMS: JsonSchema = {
  type: ["array", "object"],
  description: "The params, as the method takes them.",
};

/**
 * What each of the chain's methods adds to a request that names it (draft-07 `if`/`then`): its
 * params (their types, examples and completions) and its description on hover.
 */
function byMethod(methodsOfChain: readonly MethodDef[]): JsonSchema[] {
  return methodsOfChain.map((m) => ({
    if: { properties: { method: { const: m.name } }, required: ["method"] },
    // biome-ignore lint/suspicious/noThenProperty: draft-07's if/then keyword, never awaited
    then: {
      properties: {
        method: { markdownDescription: `**${m.name}**: ${m.summary}` },
        params: paramsSchema(m),
      },
    },
  }));
}

/**
 * One request of any method: the envelope, then what the method it names asks of its params
 * (`byMethod`); a method the playground has no form for takes any params, and hovering it says
 * so. One schema for all the chain's methods: choosing another method binds nothing new, and the
 * editor's JSON worker, which starts again whenever its schemas are set, goes on as it was.
 */
export function anyRequestSchema(methodsOfChain: readonly MethodDef[]): JsonSchema {
  const names = methodsOfChain.map((m) => m.name);
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "JSON-RPC request",
    ...envelope({ type: "string", examples: names }, { type: ["array", "object"] }),
    allOf: [
      ...byMethod(methodsOfChain),
      {
        if: { properties: { method: { enum: names } }, required: ["method"] },
        else: {
          properties: {
            method: methodSchema(methodsOfChain),
            params: ANY_PARAMS,
          },
        },
      },
    ],
  };
}

/**
 * A batch: an array of requests, each element checked against the params of the method it names
 * (`byMethod`), so a problem is squiggled on its own element's line.
 */
export function batchSchema(methodsOfChain: readonly MethodDef[]): JsonSchema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "JSON-RPC batch",
    type: "array",
    minItems: 1,
    markdownDescription: `A batch: an array of requests, answered by one array matched by id. ${BEYOND_SPEC[0]?.toUpperCase()}${BEYOND_SPEC.slice(1)}.`,
    items: {
      ...envelope(methodSchema(methodsOfChain), ANY_PARAMS),
      allOf: byMethod(methodsOfChain),
    },
  };
}

/**
 * What the editor's schema describes: one request of any of `methods` (the chain's, with the
 * network's values as their completion examples where the page has them), or a batch of them. The
 * draft says which (a few bytes on the first screen); the schema itself is written by
 * {@link schemaFor} in the editor's own chunk, when Monaco binds it.
 */
export type SchemaSpec = {
  shape: "request" | "batch";
  methods: readonly MethodDef[];
  chain: ChainKind;
};

export function schemaFor(spec: SchemaSpec): JsonSchema {
  return spec.shape === "batch" ? batchSchema(spec.methods) : anyRequestSchema(spec.methods);
}
