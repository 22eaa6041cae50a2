import { describe, expect, it } from "vitest";
import {
  checkAddress,
  checkBlockParam,
  checkFelt,
  checkHash32,
  checkQuantity,
  checkStorageKey,
} from "./param-kinds/checks.ts";
import type { Problems } from "./param-kinds/kind.ts";
import { padStorageKey } from "./param-kinds/storage-keys.ts";
import { checkParam, fromWire, paramSchema, toWire } from "./param-types.ts";
import type { FieldValue, ParamDef } from "./types.ts";

const param = (kind: ParamDef["kind"], required = true): ParamDef => ({
  name: "p",
  label: "P",
  kind,
  required,
  description: "d",
  example: "",
});

const problems = (p: ParamDef, v: FieldValue): Problems => {
  const out: Problems = {};
  checkParam(p, v, out);
  return out;
};

describe("address", () => {
  it.each([
    ["0x5fbdb2315678afecb367f032d93f642f64180aa3"],
    ["0x5FBDB2315678AFECB367F032D93F642F64180AA3"],
    ["0x5FbDB2315678afecb367f032d93F642f64180aa3"],
  ])("accepts %s (lower, upper, right checksum)", (v) => expect(checkAddress(v)).toBeUndefined());
  it.each([
    ["", /Enter an address/],
    ["5FbDB2315678afecb367f032d93F642f64180aa3", /starts with 0x/],
    ["0x5FbDB2315678afecb367f032d93F642f64180a", /20 bytes.*this has 38/],
    ["0xZZbDB2315678afecb367f032d93F642f64180aa3", /only hex digits/],
    ["0x5FbDB2315678afecb367f032d93F642f64180aA3", /checksum \(EIP-55\) does not match/],
  ])("refuses %j: %s", (v, msg) => expect(checkAddress(v)).toMatch(msg));
});

describe("32-byte hash", () => {
  it("accepts 64 hex digits", () => expect(checkHash32(`0x${"ab".repeat(32)}`)).toBeUndefined());
  it("names the length it found", () => expect(checkHash32("0xabc")).toMatch(/32 bytes.*this has 3/));
});

describe("hex quantity", () => {
  it.each(["0x0", "0x1", "0x1b4", "0xDE0B6B3A7640000"])("accepts %s", (v) =>
    expect(checkQuantity(v)).toBeUndefined(),
  );
  it.each([
    ["", /Enter a hex quantity/],
    ["10", /Quantities are hex: 10 is 0xa/],
    ["0x", /0x followed by hex digits/],
    ["0x01", /leading zeros: write 0x1/],
    ["0xg", /0x followed by hex digits/],
    ["abc", /starts with 0x/],
  ])("refuses %j: %s", (v, msg) => expect(checkQuantity(v)).toMatch(msg));
});

describe("block parameter", () => {
  it.each(["latest", "earliest", "pending", "safe", "finalized", "0x0", "0x1b4"])("accepts %s", (v) =>
    expect(checkBlockParam(v, false)).toBeUndefined(),
  );
  it("takes a decimal number only where the spec allows it (eth_getBlockReceipts)", () => {
    expect(checkBlockParam("436", true)).toBeUndefined();
    expect(checkBlockParam("436", false)).toMatch(/hex here: 436 is 0x1b4/);
  });
  it.each([
    ["yesterday", /"yesterday" is not a block/],
    ["", /Enter a block/],
    ["0x01", /leading zeros/],
    ["Latest", /not a block/],
  ])("refuses %j", (v, msg) => expect(checkBlockParam(v, false)).toMatch(msg));
});

describe("storage keys", () => {
  it("accepts a full word and a short slot number, and pads the short one to 32 bytes", () => {
    expect(checkStorageKey("0x0")).toBeUndefined();
    expect(checkStorageKey(`0x${"f".repeat(64)}`)).toBeUndefined();
    expect(padStorageKey("0x0")).toBe(`0x${"0".repeat(64)}`);
    expect(padStorageKey("0xAB")).toBe(`0x${"0".repeat(62)}ab`);
  });
  it("refuses keys longer than 32 bytes and non-hex", () => {
    expect(checkStorageKey(`0x${"f".repeat(65)}`)).toMatch(/at most 32 bytes/);
    expect(checkStorageKey("0xzz")).toMatch(/only hex/);
    expect(checkStorageKey("")).toMatch(/Enter a storage key/);
  });
  it("reports each bad row by its index", () => {
    expect(problems(param("storageKeys"), ["0x0", "nope", "0x1"])).toEqual({
      "p.1": "Storage key 2: A storage key starts with 0x.",
    });
  });
});

describe("transaction call object", () => {
  const p = param("callObject");
  it("accepts the spec's fields", () => {
    expect(
      problems(p, {
        from: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
        to: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
        gas: "0x5208",
        maxFeePerGas: "0x2",
        maxPriorityFeePerGas: "0x1",
        value: "0x1",
        data: "0xabcd",
      }),
    ).toEqual({});
  });
  it("refuses gasPrice together with the EIP-1559 fee fields", () => {
    expect(problems(p, { to: "", gasPrice: "0x1", maxFeePerGas: "0x2" })["p.gasPrice"]).toMatch(
      /do not go together/,
    );
  });
  it("refuses a priority fee above the max fee, odd data, a bad address", () => {
    const out = problems(p, { to: "0x12", maxFeePerGas: "0x1", maxPriorityFeePerGas: "0x2", data: "0xabc" });
    expect(out["p.to"]).toMatch(/to: An address is 20 bytes/);
    expect(out["p.maxPriorityFeePerGas"]).toMatch(/cannot be higher/);
    expect(out["p.data"]).toMatch(/even number/);
  });
  it("sends only the fields that are set, in the spec's order", () => {
    expect(toWire(p, { value: "0x1", to: "0xab", gas: "" })).toEqual({ to: "0xab", value: "0x1" });
    expect(Object.keys(toWire(p, { data: "0x", from: "0x1", to: "0x2" }) as object)).toEqual([
      "from",
      "to",
      "data",
    ]);
  });
  it("reads a body's object back, and refuses a field the spec does not list", () => {
    expect(fromWire(p, { to: null, data: "0x" })).toEqual({ ok: true, value: { data: "0x", to: "" } });
    expect(fromWire(p, { foo: "0x" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no field "foo"/),
    });
    expect(fromWire(p, "0x")).toMatchObject({ ok: false });
  });
});

describe("Starknet block_id", () => {
  const p = param("starknetBlockId");
  it.each([
    [{ form: "latest", value: "" }, "latest"],
    [{ form: "pending", value: "" }, "pending"],
    [{ form: "hash", value: "0x12ab" }, { block_hash: "0x12ab" }],
    [{ form: "number", value: "42" }, { block_number: 42 }],
  ] as const)("%j goes on the wire as %j and back", (value, wire) => {
    expect(toWire(p, value)).toEqual(wire);
    expect(fromWire(p, wire)).toEqual({ ok: true, value });
  });
  it("validates the hash and the decimal number", () => {
    expect(problems(p, { form: "number", value: "0x2a" }).p).toMatch(/decimal integer/);
    expect(problems(p, { form: "hash", value: "12" }).p).toMatch(/starts with 0x/);
    expect(checkFelt(`0x${"1".repeat(65)}`, "a block hash")).toMatch(/at most 64/);
  });
  it("refuses other shapes", () => {
    expect(fromWire(p, { block_hash: "0x1", block_number: 1 })).toMatchObject({ ok: false });
    expect(fromWire(p, "earliest")).toMatchObject({ ok: false });
  });
});

describe("optional params", () => {
  it("are not checked while empty", () => {
    expect(problems(param("blockParam", false), "")).toEqual({});
    expect(problems(param("blockParam", true), "")).toHaveProperty("p");
  });
});

describe("JSON Schema of a param", () => {
  it("offers the five tags for completion and a hex pattern", () => {
    const s = paramSchema({ ...param("blockParam"), example: "latest" }) as { anyOf: { enum?: string[] }[] };
    expect(s.anyOf[0]?.enum).toEqual(["latest", "earliest", "pending", "safe", "finalized"]);
    expect(JSON.stringify(s)).toContain("^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$");
  });
  it("carries the spec's description as markdown for hovers, and examples as snippets", () => {
    const s = paramSchema({ ...param("address"), example: "0xab", description: "Sender." });
    expect(s.markdownDescription).toContain("Sender.");
    expect(s.defaultSnippets).toEqual([{ label: '"0xab"', body: "0xab" }]);
  });
});
