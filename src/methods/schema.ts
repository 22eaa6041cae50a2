import type { JsonSchema } from "./param-kinds/kind.ts";
import { paramSchema } from "./param-types.ts";
import type { MethodDef } from "./types.ts";

/**
 * The JSON Schema of a whole request body for one method (draft-07: positional params as a tuple
 * `items` array), which the editor validates with: types squiggled, descriptions on hover, tags and
 * field names completed.
 */
export function requestSchema(def: MethodDef, methodsOfChain: readonly MethodDef[] = [def]): JsonSchema {
  const required = def.params.filter((p) => p.required).length;
  const params: JsonSchema =
    def.paramsShape === "object"
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
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: `${def.name} request`,
    type: "object",
    properties: {
      jsonrpc: { const: "2.0", description: 'The JSON-RPC version: always "2.0".' },
      id: { type: "integer", description: "The request id; the answer carries the same id." },
      method: {
        type: "string",
        enum: methodsOfChain.map((m) => m.name),
        markdownDescription: `**${def.name}**: ${def.summary}`,
      },
      params,
    },
    required: ["jsonrpc", "id", "method", "params"],
    additionalProperties: false,
  };
}
