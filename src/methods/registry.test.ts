import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { bodyFor, bodyTextFor, validateValues } from "./body.ts";
import { planSend, readFormParams, readFormRequest } from "./body-reading.ts";
import { DEVNET } from "./devnet-examples.ts";
import { defaultValues } from "./form-values.ts";
import { createRegistry, getMethod, METHODS, methodsForChain } from "./registry.ts";
import { anyRequestSchema, batchSchema, schemaFor } from "./schema.ts";
import type { MethodDef } from "./types.ts";

/**
 * The methods the service's interface specification lists (docs/service-interface.md, one
 * "### <name>" heading each under "Endpoints"); its `rollup_` method is Starknet's
 * (docs/decisions.md).
 */
const SPEC_METHODS = [
  ...readFileSync(resolve(import.meta.dirname, "../../docs/service-interface.md"), "utf8")
    .split("## Endpoints")[1]!
    .matchAll(/^### ((?:eth|rollup)_\w+)$/gm),
].map((m) => m[1]!.replace(/^rollup_/, "starknet_"));

describe("the registry", () => {
  it("holds every method of the service's specification, each once", () => {
    expect(SPEC_METHODS).toHaveLength(9);
    const names = METHODS.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(SPEC_METHODS));
  });
  it("offers only the methods of the network's kind", () => {
    for (const chain of ["evm", "starknet"] as const) {
      const offered = methodsForChain(chain);
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.every((m) => m.chain === chain)).toBe(true);
    }
    expect(methodsForChain("evm").length + methodsForChain("starknet").length).toBe(METHODS.length);
    // The same list every call: the editor's schema is keyed by it, and a new one would bind anew.
    expect(methodsForChain("evm")).toBe(methodsForChain("evm"));
  });
  it("refuses two definitions of one name", () => {
    expect(() => createRegistry([METHODS[0], METHODS[0]])).toThrow(/Two method definitions/);
  });
});

describe.each(METHODS.map((m) => [m.name, m] as const))("%s", (_name, def: MethodDef) => {
  const chain = def.chain;
  it("ships an example that validates", () => {
    expect(validateValues(def, defaultValues(def))).toEqual({});
  });
  it("round-trips form -> body -> form", () => {
    const values = defaultValues(def);
    const text = bodyTextFor(def.name, values, 5);
    const parsed = readFormRequest(text, chain);
    expect(parsed).toMatchObject({ ok: true, method: def.name, id: 5 });
    if (!parsed.ok) return;
    expect(bodyTextFor(def.name, parsed.values, 5)).toBe(text);
    expect(planSend(text, chain)).toMatchObject({ problems: [], canonical: { method: def.name, id: 5 } });
  });
  it("round-trips every listed example", () => {
    for (const p of def.params) {
      for (const ex of p.examples ?? []) {
        const values = { ...defaultValues(def), [p.name]: ex };
        const parsed = readFormRequest(bodyTextFor(def.name, values, 1), chain);
        expect(parsed.ok, `${p.name} = ${JSON.stringify(ex)}`).toBe(true);
        if (parsed.ok) expect(bodyFor(def, parsed.values, 1)).toEqual(bodyFor(def, values, 1));
      }
    }
  });
  it("has a request schema with its params and the spec's descriptions", () => {
    const schema = anyRequestSchema(methodsForChain(chain)) as {
      properties: { method: { examples: string[] } };
      allOf: {
        if: { properties: { method: { const?: string } } };
        then?: { properties: { params: { items?: unknown[]; properties?: object } } };
      }[];
    };
    expect(schema.properties.method.examples).toContain(def.name);
    const own = schema.allOf.find((b) => b.if.properties.method.const === def.name)?.then;
    const params = own?.properties.params;
    expect(params?.items?.length ?? Object.keys(params?.properties ?? {}).length).toBe(def.params.length);
    for (const p of def.params)
      expect(JSON.stringify(own)).toContain(p.description.slice(0, 20).replace(/"/g, '\\"'));
  });
});

describe("bodies", () => {
  it("sends eth_estimateGas's block only when it is set", () => {
    const def = getMethod("eth_estimateGas")!;
    expect(bodyFor(def, defaultValues(def), 1).params).toHaveLength(1);
    expect(bodyFor(def, { ...defaultValues(def), block: "latest" }, 1).params).toEqual([
      expect.any(Object),
      "latest",
    ]);
    expect(readFormRequest(JSON.stringify(bodyFor(def, defaultValues(def), 1)), "evm")).toMatchObject({
      ok: true,
    });
  });
  it("sends Starknet's params as an object", () => {
    const def = getMethod("starknet_getBlockWithTxHashes")!;
    expect(bodyFor(def, defaultValues(def), 1).params).toEqual({ block_id: "latest" });
  });
  it("pads storage keys to 32 bytes on send", () => {
    const text = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getProof",
      params: [DEVNET.store, ["0x1"], "latest"],
    });
    expect(planSend(text, "evm").canonical?.params).toEqual([
      DEVNET.store,
      [`0x${"0".repeat(63)}1`],
      "latest",
    ]);
  });
  it("takes a decimal block for eth_getBlockReceipts, as a number or a string", () => {
    for (const b of [9, "9"]) {
      const r = readFormRequest(
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getBlockReceipts", params: [b] }),
        "evm",
      );
      expect(r).toMatchObject({ ok: true, values: { block: "9" } });
    }
  });
  it.each([
    ["{", "evm", /not valid JSON/],
    ["[]", "evm", /is a batch/],
    ['{"jsonrpc":"1.0","id":1,"method":"eth_getBlockByNumber","params":[]}', "evm", /"2.0"/],
    ['{"jsonrpc":"2.0","id":true,"method":"eth_getBlockByNumber","params":[]}', "evm", /id must be/],
    [
      '{"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransaction","params":[]}',
      "evm",
      /does not offer eth_sendRawTransaction/,
    ],
    [
      '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest"]}',
      "evm",
      /takes 2 params.*has 1/,
    ],
    [
      '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",false]}',
      "starknet",
      /EVM method/,
    ],
    [
      '{"jsonrpc":"2.0","id":1,"method":"starknet_getBlockWithTxHashes","params":["latest"]}',
      "starknet",
      /as an object/,
    ],
    [
      '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest","yes"]}',
      "evm",
      /true or false/,
    ],
    [
      '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",false],"x":1}',
      "evm",
      /no member "x"/,
    ],
  ] as const)("refuses %s with a message", (text, chain, msg) => {
    expect(readFormRequest(text, chain)).toMatchObject({ ok: false, message: expect.stringMatching(msg) });
  });
  it("lets a well-formed body with a bad value into the form, and asks before sending it, with the field's message", () => {
    const text = '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["yesterday",false]}';
    expect(readFormRequest(text, "evm")).toMatchObject({
      ok: true,
      values: { block: "yesterday", full: false },
    });
    const plan = planSend(text, "evm");
    expect(plan.canonical).toBeUndefined();
    expect(plan.problems).toEqual([
      { message: expect.stringMatching(/^Block number: "yesterday" is not a block/), path: ["params", 0] },
    ]);
    expect(plan.reading).toMatchObject({
      kind: "request",
      request: { fieldErrors: { block: expect.any(String) } },
    });
  });
});

describe("examples point at the devnet's seed", () => {
  const manifest = JSON.parse(
    readFileSync(resolve(import.meta.dirname, "../../devnet/seed-manifest.json"), "utf8"),
  );
  it("uses the seeded addresses, block hashes and slots", () => {
    expect(DEVNET.deployer).toBe(manifest.accounts.deployer.address);
    expect(DEVNET.alice).toBe(manifest.accounts.alice.address);
    expect(DEVNET.store).toBe(manifest.contracts.store.address);
    expect(DEVNET.reverter).toBe(manifest.contracts.reverter.address);
    expect(DEVNET.token).toBe(manifest.contracts.token.address);
    expect(DEVNET.mappingPositionDeployer).toBe(manifest.storage.mapping.entries[0].position);
    expect(DEVNET.block6Hash).toBe(manifest.blocks[6].hash);
    expect(DEVNET.block4Hash).toBe(manifest.blocks[4].hash);
    expect(DEVNET.heavyBlock).toBe(manifest.heavyBlock.numberHex);
    expect(DEVNET.revertData).toBe(manifest.reverts.reason.call.data);
  });
});

describe("readFormParams", () => {
  it("reads a method's wire params into its form as a body with them would be read", () => {
    expect(readFormParams("eth_getBlockReceipts", [9], "evm")).toMatchObject({
      ok: true,
      values: { block: "9" },
    });
    expect(readFormParams("eth_getBlockByNumber", ["latest"], "evm")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/takes 2 params/),
    });
    expect(readFormParams("starknet_getBlockWithTxHashes", { block_id: "pending" }, "evm")).toMatchObject({
      ok: false,
    });
  });
});

describe("schemaFor", () => {
  it("writes the schema the draft describes: a request of any of the chain's methods, or a batch of them", () => {
    const evm = methodsForChain("evm");
    expect(schemaFor({ shape: "request", methods: evm, chain: "evm" })).toEqual(anyRequestSchema(evm));
    expect(schemaFor({ shape: "batch", methods: methodsForChain("starknet"), chain: "starknet" })).toEqual(
      batchSchema(methodsForChain("starknet")),
    );
  });
});
