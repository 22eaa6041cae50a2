import { describe, expect, it } from "vitest";
import { planSend, readBody, rewriteWithValues } from "./body-reading.ts";
import { getMethod, methodsForChain } from "./registry.ts";
import { anyRequestSchema, batchSchema } from "./schema.ts";

const ADDR = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
/** The same address with one letter's case flipped: its EIP-55 checksum no longer holds. */
const BAD_CHECKSUM = "0x5fbDB2315678afecb367f032d93F642f64180aa3";
const body = (o: unknown) => JSON.stringify(o, null, 2);
const req = (method: string, params: unknown, id: unknown = 1) =>
  body({ jsonrpc: "2.0", id, method, params });

describe("readBody and planSend", () => {
  it("sends a valid body in canonical form, with no problem", () => {
    const plan = planSend(req("eth_getProof", [ADDR, ["0x1"], "latest"]), "evm");
    expect(plan.problems).toEqual([]);
    expect(plan.canonical?.params).toEqual([ADDR, [`0x${"0".repeat(63)}1`], "latest"]);
  });

  it("keeps a bad checksum as a problem at its param, and sends the body as written", () => {
    const text = req("eth_getStorageAt", [BAD_CHECKSUM, "0x0", "latest"]);
    const plan = planSend(text, "evm");
    expect(plan.problems).toEqual([{ message: expect.stringMatching(/checksum/), path: ["params", 0] }]);
    expect(plan.canonical).toBeUndefined();
    expect(plan.raw.text).toBe(text);
    expect(plan.body).toMatchObject({
      method: "eth_getStorageAt",
      id: 1,
      params: [BAD_CHECKSUM, "0x0", "latest"],
    });
    const r = plan.reading.kind === "request" ? plan.reading.request : undefined;
    expect(r?.values?.address).toBe(BAD_CHECKSUM);
    expect(r?.fieldErrors.address).toMatch(/checksum/);
  });

  it('puts a storage key "0xasdf" in its row, with the row\'s problem', () => {
    const plan = planSend(req("eth_getProof", [ADDR, ["0xasdf"], "latest"]), "evm");
    expect(plan.problems).toEqual([
      { message: expect.stringMatching(/Storage key 1/), path: ["params", 1, 0] },
    ]);
    const r = plan.reading.kind === "request" ? plan.reading.request : undefined;
    expect(r?.values?.storageKeys).toEqual(["0xasdf"]);
  });

  it("accepts string and null ids with a note (beyond the service spec), and keeps them", () => {
    for (const id of ["abc", null]) {
      const plan = planSend(req("eth_getBlockByNumber", ["latest", false], id), "evm");
      expect(plan.problems).toEqual([]);
      expect(plan.reading.notes.join(" ")).toMatch(/beyond the service spec; accepted by geth, Erigon/);
      expect(plan.canonical?.id).toBe(id);
    }
    expect(planSend(req("eth_getBlockByNumber", ["latest", false], { n: 1 }), "evm").problems[0]).toEqual({
      message: "id must be a number, a string or null.",
      path: ["id"],
    });
  });

  it("keeps text that is not JSON as one problem, to be sent as written", () => {
    const plan = planSend('{"jsonrpc":"2.0",', "evm");
    expect(plan.reading.kind).toBe("not-json");
    expect(plan.problems[0]?.message).toMatch(/not valid JSON/);
    expect(plan.raw).toEqual({ text: '{"jsonrpc":"2.0",', batch: false, ids: [undefined] });
    // Its place is where parsing stopped (a stray letter after the closing brace on line 3), not line 1.
    expect(planSend('{\n  "id": 1\n}x', "evm").problems[0]?.at).toEqual({ line: 3, column: 2 });
  });

  it("follows a method outside the nine with a note only: sent as written", () => {
    const plan = planSend(req("eth_chainId", []), "evm");
    expect(plan.problems).toEqual([]);
    expect(plan.canonical).toBeUndefined();
    expect(plan.reading.notes[0]).toMatch(/eth_chainId is not one of the playground's methods/);
    expect(plan.body.method).toBe("eth_chainId");
  });

  it("shows a param the field cannot hold as text, and params after the last as extra", () => {
    const r = readBody(req("eth_getStorageAt", [{ a: 1 }, "0x0", "latest", { override: true }]), "evm");
    const request = r.kind === "request" ? r.request : undefined;
    expect(request?.unheld.address).toEqual({ text: '{"a":1}', message: "Address must be a string." });
    expect(request?.extra).toEqual({
      text: '[{"override":true}]',
      message: expect.stringMatching(/takes 3 params.*has 4/),
    });
    expect(r.problems.map((p) => p.path)).toEqual([
      ["params", 3],
      ["params", 0],
    ]);
    expect(request?.def?.name).toBe("eth_getStorageAt");
  });

  it("reads each element of a batch, its problems at its index", () => {
    const text = body([
      { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
      { jsonrpc: "2.0", id: "two", method: "eth_getStorageAt", params: [BAD_CHECKSUM, "0x0", "latest"] },
      { jsonrpc: "2.0", method: "eth_getBlockByNumber", params: ["latest", false] },
    ]);
    const plan = planSend(text, "evm");
    expect(plan.reading.kind).toBe("batch");
    expect(plan.raw).toMatchObject({ batch: true, ids: [1, "two", undefined] });
    expect(plan.problems).toEqual([
      { message: expect.stringMatching(/^Request 2: .*checksum/), path: [1, "params", 0] },
      { message: expect.stringMatching(/^Request 3: no id: JSON-RPC calls this a notification/), path: [2] },
    ]);
    expect(plan.canonical).toBeUndefined();
    expect(plan.reading.notes[0]).toMatch(/A batch of 3 requests/);
  });

  it("calls an empty batch and a method of the other chain problems", () => {
    expect(planSend("[]", "evm").problems[0]?.message).toMatch(/batch is empty/);
    expect(planSend(req("starknet_getBlockWithTxHashes", { block_id: "latest" }), "evm").problems).toEqual([
      { message: expect.stringMatching(/Starknet method/), path: ["method"] },
    ]);
  });
});

describe("rewriteWithValues", () => {
  const def = getMethod("eth_getStorageAt")!;
  it("keeps what the form cannot hold, and a string id, when a field changes", () => {
    const current = req("eth_getStorageAt", [{ a: 1 }, "0x0", "latest", "extra"], "s");
    const text = rewriteWithValues(current, def, { address: "", position: "0x1", block: "latest" }, 9, "evm");
    expect(JSON.parse(text)).toEqual({
      jsonrpc: "2.0",
      id: "s",
      method: "eth_getStorageAt",
      params: [{ a: 1 }, "0x1", "latest", "extra"],
    });
  });
  it("writes a plain body from the values when there is nothing to keep", () => {
    const text = rewriteWithValues(
      req("eth_getStorageAt", [ADDR, "0x0", "latest"], 3),
      def,
      { address: ADDR, position: "0x2", block: "latest" },
      9,
      "evm",
    );
    expect(JSON.parse(text)).toEqual({
      jsonrpc: "2.0",
      id: 9,
      method: "eth_getStorageAt",
      params: [ADDR, "0x2", "latest"],
    });
  });
});

describe("the editor's schemas", () => {
  it("take string and null ids, marked as beyond the service spec, and any method name", () => {
    const schema = anyRequestSchema(methodsForChain("evm")) as {
      properties: {
        id: { anyOf: { type: string; markdownDescription?: string }[] };
        method: { type: string };
      };
    };
    expect(schema.properties.id.anyOf.map((s) => s.type)).toEqual(["integer", "string", "null"]);
    expect(schema.properties.id.anyOf[1]?.markdownDescription).toContain(
      "beyond the service spec; accepted by geth, Erigon, Nethermind, Reth",
    );
    expect(schema.properties.method).not.toHaveProperty("enum");
  });
  it("check each element of a batch against the params of the method it names", () => {
    const schema = batchSchema(methodsForChain("evm")) as {
      type: string;
      items: {
        allOf: {
          if: { properties: { method: { const: string } } };
          then: { properties: { params: { maxItems: number } } };
        }[];
      };
    };
    expect(schema.type).toBe("array");
    const storage = schema.items.allOf.find((c) => c.if.properties.method.const === "eth_getStorageAt");
    expect(storage?.then.properties.params.maxItems).toBe(3);
    expect(anyRequestSchema(methodsForChain("evm"))).toMatchObject({
      properties: { params: { type: ["array", "object"] } },
    });
  });
  it("check one request's params against the method it names; a method without a form takes any params", () => {
    const evm = methodsForChain("evm");
    const schema = anyRequestSchema(evm) as {
      allOf: {
        if: { properties: { method: { const?: string; enum?: string[] } } };
        then?: { properties: { method: { markdownDescription: string }; params: { maxItems: number } } };
        else?: { properties: { params: { type: string[] } } };
      }[];
    };
    const storage = schema.allOf.find((c) => c.if.properties.method.const === "eth_getStorageAt")?.then;
    expect(storage?.properties.params.maxItems).toBe(3);
    expect(storage?.properties.method.markdownDescription).toMatch(/^\*\*eth_getStorageAt\*\*: /);
    const other = schema.allOf.find((c) => c.if.properties.method.enum);
    expect(other?.if.properties.method.enum).toEqual(evm.map((m) => m.name));
    expect(other?.else?.properties.params.type).toEqual(["array", "object"]);
  });
});
