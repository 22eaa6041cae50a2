import { describe, expect, it } from "vitest";
import { mainnetFixture } from "../../chain/test-fixtures.ts";
import { bodyFor, paramsFor, validateValues } from "../body.ts";
import { planSend, readFormParams } from "../body-reading.ts";
import { ethEstimateGas } from "../eth-estimate-gas.ts";
import { defaultValues } from "../form-values.ts";
import { checkParam, fromWire, paramSchema, toWire } from "../param-types.ts";
import { anyRequestSchema } from "../schema.ts";
import type { FieldValue, FormValues, ParamDef, StateOverrideValue } from "../types.ts";
import type { Problems } from "./kind.ts";

const def = ethEstimateGas;
const [, blockParam, stateParam, blockOverrideParam] = def.params as unknown as ParamDef[];
const state = stateParam as ParamDef;
const blockOv = blockOverrideParam as ParamDef;
const block = blockParam as ParamDef;

const A = "0x00000000000000000000000000000000000000e1";
const B = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const word = (hex: string) => `0x${hex.padStart(64, "0")}`;
const CALL = { from: A, to: B, value: "0xde0b6b3a7640000" };

const problems = (p: ParamDef, v: FieldValue): Problems => {
  const out: Problems = {};
  checkParam(p, v, out);
  return out;
};
const values = (extra: FormValues): FormValues => ({ ...defaultValues(def), call: CALL, ...extra });

describe("the state override kind", () => {
  it("is beyond the spec, and says which nodes accept it in its hover", () => {
    const schema = paramSchema(state) as { markdownDescription: string; description: string };
    expect(schema.markdownDescription).toContain(
      "(optional, beyond the service spec; accepted by geth, Erigon, Nethermind, Reth)",
    );
    expect(schema.description).not.toContain("**");
  });

  it("is empty with no account: the body then has no third param", () => {
    expect(paramsFor(def, values({}))).toEqual([CALL]);
    expect(paramsFor(def, values({ stateOverride: { accounts: [] } }))).toEqual([CALL]);
  });

  it("goes out keyed by address, each account with only its set fields in the order written", () => {
    const v: StateOverrideValue = {
      accounts: [
        {
          address: A,
          stateDiff: [{ slot: word("1"), value: word("2a") }],
          balance: "0x56bc75e2d63100000",
          code: "0x6001600055",
        },
        { address: B, nonce: "0x7", state: [] },
      ],
    };
    expect(toWire(state, v)).toStrictEqual({
      [A]: { stateDiff: { [word("1")]: word("2a") }, balance: "0x56bc75e2d63100000", code: "0x6001600055" },
      [B]: { nonce: "0x7", state: {} },
    });
    expect(JSON.stringify(Object.keys((toWire(state, v) as Record<string, object>)[A] ?? {}))).toBe(
      '["stateDiff","balance","code"]',
    );
  });

  it("comes back from its wire form as it was", () => {
    const wire = {
      [A]: { balance: "0x1", nonce: "0x0", code: "0x", movePrecompileToAddress: B },
      [B]: { state: { [word("0")]: word("7"), [word("1")]: word("9") } },
    };
    const r = fromWire(state, wire);
    expect(r).toEqual({
      ok: true,
      value: {
        accounts: [
          { address: A, balance: "0x1", nonce: "0x0", code: "0x", movePrecompileToAddress: B },
          {
            address: B,
            state: [
              { slot: word("0"), value: word("7") },
              { slot: word("1"), value: word("9") },
            ],
          },
        ],
      },
    });
    if (r.ok) expect(toWire(state, r.value)).toStrictEqual(wire);
  });

  it("takes null as no override, and refuses what a form cannot hold, saying why", () => {
    expect(fromWire(state, null)).toEqual({ ok: true, value: { accounts: [] } });
    expect(fromWire(state, [])).toMatchObject({
      ok: false,
      message: /State override must be an object keyed/,
    });
    expect(fromWire(state, { [A]: "0x1" })).toMatchObject({ ok: false, message: /must be an object/ });
    expect(fromWire(state, { [A]: { storage: {} } })).toMatchObject({
      ok: false,
      message: /has no field "storage"; an account's fields are balance, nonce, code, state/,
    });
    expect(fromWire(state, { [A]: { balance: 1 } })).toMatchObject({
      ok: false,
      message: /balance must be a hex string/,
    });
    expect(fromWire(state, { [A]: { state: { [word("0")]: 1 } } })).toMatchObject({
      ok: false,
      message: /state must be an object of slot to value/,
    });
  });

  it("lets a bad value into the form, where its field reports it", () => {
    const r = fromWire(state, { "0x12": { balance: "10", code: "0x123", state: { "0x0": "0x1" } } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(problems(state, r.value)).toEqual({
      "stateOverride.0.address": expect.stringMatching(/^Account 1 address: An address is 20 bytes/),
      "stateOverride.0.balance": "Account 1 balance: Quantities are hex: 10 is 0xa.",
      "stateOverride.0.code": expect.stringMatching(/^Account 1 code: Code is whole bytes/),
      "stateOverride.0.state.0.slot": `Account 1 state slot 1: A storage slot is a full 32-byte word (nodes refuse shorter ones): write ${word("0")}.`,
      "stateOverride.0.state.0.value": expect.stringMatching(
        /^Account 1 state slot 1 value: .*write 0x0+1\.$/,
      ),
    });
  });

  it("says state and stateDiff do not go together, and names twice-overridden addresses and slots", () => {
    const v: StateOverrideValue = {
      accounts: [
        {
          address: A,
          state: [
            { slot: word("1"), value: word("1") },
            { slot: word("1").toUpperCase().replace("0X", "0x"), value: word("2") },
          ],
          stateDiff: [],
        },
        { address: A.toUpperCase().replace("0X", "0x") },
      ],
    };
    expect(problems(state, v)).toEqual({
      "stateOverride.0.stateDiff": expect.stringMatching(/state and stateDiff do not go together/),
      "stateOverride.0.state.1.slot":
        "Account 1 state slot 2: the same slot as slot 1; the body keeps only the last value.",
      "stateOverride.1.address":
        "Account 2 address: account 1 overrides the same address; the body keeps only the last.",
    });
  });

  it("checks a nonce fits in 64 bits and a precompile target is an address", () => {
    expect(
      problems(state, {
        accounts: [{ address: A, nonce: "0x10000000000000000", movePrecompileToAddress: "0x1" }],
      }),
    ).toEqual({
      "stateOverride.0.nonce": expect.stringMatching(/fit in 64 bits/),
      "stateOverride.0.movePrecompileToAddress": expect.stringMatching(/20 bytes/),
    });
  });

  it("has a schema for an object keyed by address whose accounts allow only geth's fields", () => {
    const s = paramSchema(state) as {
      type: string[];
      propertyNames: { pattern: string };
      additionalProperties: {
        properties: Record<string, { pattern?: string }>;
        additionalProperties: boolean;
        not: unknown;
      };
      defaultSnippets: { body: unknown }[];
    };
    expect(s.type).toEqual(["object", "null"]);
    expect(new RegExp(s.propertyNames.pattern).test(A)).toBe(true);
    expect(new RegExp(s.propertyNames.pattern).test("0x12")).toBe(false);
    expect(Object.keys(s.additionalProperties.properties)).toEqual([
      "balance",
      "nonce",
      "code",
      "state",
      "stateDiff",
      "movePrecompileToAddress",
    ]);
    expect(s.additionalProperties.additionalProperties).toBe(false);
    expect(s.additionalProperties.not).toEqual({ required: ["state", "stateDiff"] });
    const balance = new RegExp(s.additionalProperties.properties.balance?.pattern ?? "");
    expect([balance.test("0x1"), balance.test("0x01")]).toEqual([true, false]);
    expect(s.defaultSnippets.map((x) => x.body)).toContainEqual({ [A]: { balance: "0x56bc75e2d63100000" } });
  });
});

describe("the block override kind", () => {
  it("is beyond the spec for recent nodes, and sends only its set fields in the order written", () => {
    expect((paramSchema(blockOv) as { markdownDescription: string }).markdownDescription).toContain(
      "beyond the service spec; accepted by recent geth, Erigon, Nethermind, Reth",
    );
    expect(JSON.stringify(toWire(blockOv, { blobBaseFee: "0x1", number: "0x100", time: "" }))).toBe(
      '{"blobBaseFee":"0x1","number":"0x100"}',
    );
  });

  it("round-trips its wire form and refuses fields it cannot hold", () => {
    const wire = {
      number: "0x100",
      time: "0x70000000",
      gasLimit: "0x1c9c380",
      feeRecipient: B,
      prevRandao: word("1"),
      baseFeePerGas: "0x0",
      blobBaseFee: "0x1",
    };
    const r = fromWire(blockOv, wire);
    expect(r).toEqual({ ok: true, value: wire });
    if (r.ok) expect(toWire(blockOv, r.value)).toStrictEqual(wire);
    expect(fromWire(blockOv, null)).toEqual({ ok: true, value: {} });
    expect(fromWire(blockOv, { difficulty: "0x1" })).toMatchObject({
      ok: false,
      message: /has no field "difficulty" the form can hold; its fields are number, time/,
    });
    expect(fromWire(blockOv, { number: 256 })).toMatchObject({
      ok: false,
      message: /number must be a hex string/,
    });
  });

  it("checks each field at its own key", () => {
    expect(
      problems(blockOv, {
        number: "256",
        time: "0x10000000000000000",
        feeRecipient: "0x1",
        prevRandao: "0x1",
      }),
    ).toEqual({
      "blockOverride.number": "number: Quantities are hex: 256 is 0x100.",
      "blockOverride.time": expect.stringMatching(/^time: .*64 bits/),
      "blockOverride.feeRecipient": expect.stringMatching(/^feeRecipient: An address is 20 bytes/),
      "blockOverride.prevRandao": expect.stringMatching(/^prevRandao: A 32-byte hash is 32 bytes/),
    });
  });
});

describe("eth_estimateGas with overrides", () => {
  it("takes 1 to 4 params, in the editor's schema too", () => {
    const schema = anyRequestSchema([def]) as { allOf: { then?: { properties: { params: object } } }[] };
    expect(schema.allOf[0]?.then?.properties.params).toMatchObject({ minItems: 1, maxItems: 4 });
    expect(readFormParams("eth_estimateGas", [CALL, "latest", {}, {}, {}], "evm")).toMatchObject({
      ok: false,
      message: /takes 1 to 4 params/,
    });
  });

  it("sends an unset block as null and an unset state override as {} when a later param is set", () => {
    const only = values({ blockOverride: { baseFeePerGas: "0x0" } });
    expect(paramsFor(def, only)).toEqual([CALL, null, {}, { baseFeePerGas: "0x0" }]);
    expect(paramsFor(def, values({ stateOverride: { accounts: [{ address: A, balance: "0x1" }] } }))).toEqual(
      [CALL, null, { [A]: { balance: "0x1" } }],
    );
    expect(validateValues(def, only)).toEqual({});
  });

  it("reads such a body back into the same form, and writes it again unchanged", () => {
    const params = [CALL, null, {}, { baseFeePerGas: "0x0" }];
    const r = readFormParams("eth_estimateGas", params, "evm");
    expect(r).toMatchObject({ ok: true, values: { block: "", stateOverride: { accounts: [] } } });
    if (r.ok) expect(paramsFor(def, r.values)).toEqual(params);
  });

  it("keeps a block's null only where it is optional", () => {
    expect(fromWire(block, null)).toEqual({ ok: true, value: "" });
    expect(fromWire({ ...block, required: true }, null)).toMatchObject({ ok: false });
  });

  it.each(["eth_estimateGas.17.json", "eth_estimateGas.19.json"])(
    "reads the real mainnet body %s (a state override) into the form and back without loss",
    (file) => {
      const f = mainnetFixture(file);
      expect(f.params).toHaveLength(3);
      const r = readFormParams("eth_estimateGas", f.params, "evm");
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(JSON.stringify(bodyFor(def, r.values, 1).params)).toBe(JSON.stringify(f.params));
      // The checks advise where the body breaks a rule: here the mixed-case `from` is a valid checksum.
      expect(validateValues(def, r.values)).toEqual({});
      expect(
        planSend(
          JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_estimateGas", params: f.params }),
          "evm",
        ),
      ).toMatchObject({ problems: [], canonical: { params: f.params } });
    },
  );
});
