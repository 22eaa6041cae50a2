import { describe, expect, it } from "vitest";
import { findField } from "./field.ts";
import {
  decodeStarknetBlock,
  STARKNET_VERSION_LABEL,
  type StarknetBlockView,
  statusText,
} from "./starknet-block.ts";
import { starknetFixture, starknetFixtures } from "./test-fixtures.ts";

function decoded(result: unknown): StarknetBlockView {
  const view = decodeStarknetBlock(result);
  if (!view.ok) throw new Error(view.error);
  return view.value;
}

const confirmed = starknetFixture("confirmed_with_tx_hashes.v0_9.json") as Record<string, unknown>;
const preconfirmed = starknetFixture("preconfirmed_with_tx_hashes.v0_9.json") as Record<string, unknown>;

describe("decodeStarknetBlock on the Starknet fixtures", () => {
  it.each(starknetFixtures())("%s decodes without problems", (name, result) => {
    const b = decoded(result);
    expect(b.problems).toEqual([]);
    expect(b.other).toEqual([]);
    expect(b.starknetVersion).toMatch(/^0\.1[34]\./);
    expect(b.l1DaMode).toMatch(/^(BLOB|CALLDATA)$/);
    expect(b.sequencer).toMatch(/^0x[0-9a-f]+$/);
    // Spec 0.7 has no L2 gas price; 0.8 on add it.
    const prices = [
      "l1_gas_price",
      "l1_data_gas_price",
      ...(name.endsWith("v0_7.json") ? [] : ["l2_gas_price"]),
    ];
    expect(b.gasPrices.map((p) => p.key)).toEqual(prices);
    expect(findField(b.groups, "starknet_version")?.label).toBe(STARKNET_VERSION_LABEL);
    expect(b.transactions.length).toBe((result as { transactions: unknown[] }).transactions.length);
  });

  it("shows spec 0.10's commitments as hex felts and its counts in decimal", () => {
    const b = decoded(starknetFixture("confirmed_with_tx_hashes.v0_10.json"));
    const raw = starknetFixture("confirmed_with_tx_hashes.v0_10.json") as Record<string, unknown>;
    const commitment = findField(b.groups, "event_commitment")?.value;
    expect(commitment).toMatchObject({ kind: "hash", raw: raw.event_commitment });
    expect(commitment?.text).toMatch(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/);
    for (const key of ["transaction_commitment", "receipt_commitment", "state_diff_commitment"])
      expect(findField(b.groups, key)?.value.kind).toBe("hash");
    expect(findField(b.groups, "transaction_count")?.value).toMatchObject({
      kind: "quantity",
      value: BigInt(raw.transaction_count as number),
    });
    expect(b.groups.find((g) => g.id === "commitments")?.fields).toHaveLength(7);
  });

  it("the sealed block 1,833,241 (ACCEPTED_ON_L2)", () => {
    const b = decoded(confirmed);
    expect(b).toMatchObject({
      status: "ACCEPTED_ON_L2",
      statusGiven: true,
      statusText: "accepted on L2",
      pending: false,
      blockNumber: 1_833_241n,
      blockHash: "0x6370ed4eb1232947c90ad4432baf9e4efa34ca721a3ba26e190e96aa098e27a",
      parentHash: "0x2e669d6c7d0843aeadabb9a187a8e3381e07f71d9213ef7cbd25f78c40447b4",
      newRoot: "0x2375756642af920651d46364bf5c96c1bf6f6f73cdc2c28e5ecf8d1f56f04bc",
      timestamp: 1_756_771_188n,
    });
    expect(b.transactions).toHaveLength(9);
    expect(findField(b.groups, "timestamp")?.value.text).toBe("2025-09-01 23:59:48 UTC");
    expect(findField(b.groups, "block_number")?.value.text).toBe("1,833,241");
    expect(b.gasPrices[0]).toEqual({
      key: "l1_gas_price",
      label: "L1 gas",
      fri: { hex: "0x1ed58f4583b6", value: 0x1ed58f4583b6n, text: "33,902,580,564,918" },
      wei: { hex: "0x3bcb3b74", value: 0x3bcb3b74n, text: "1,003,174,772" },
    });
    expect(b.gasPrices[2]?.fri?.text).toBe("3,000,000,000");
    expect(findField(b.groups, "l1_data_gas_price")?.value.text).toBe("33,795 fri · 1 wei");
  });

  it("the pre-confirmed block 1,833,173 (spec 0.9: a number, no hash, parent, root or status)", () => {
    const b = decoded(preconfirmed);
    expect(b).toMatchObject({
      status: "PRE_CONFIRMED",
      statusGiven: false,
      statusText: "pre-confirmed",
      pending: true,
      blockNumber: 1_833_173n,
      blockHash: null,
      parentHash: null,
      newRoot: null,
    });
    expect(b.transactions).toHaveLength(3);
    expect(findField(b.groups, "block_hash")).toBeUndefined();
  });
});

describe("hand-made Starknet blocks", () => {
  it("the service spec's PENDING block (no hash, number or root)", () => {
    const { block_hash: _h, block_number: _n, new_root: _r, ...rest } = confirmed;
    const b = decoded({ ...rest, status: "PENDING" });
    expect(b).toMatchObject({ status: "PENDING", statusGiven: true, pending: true, blockNumber: null });
    expect(b.problems).toEqual([]);
  });

  it("a pending block without status (spec 0.8 style) is inferred PENDING", () => {
    const { block_hash: _h, block_number: _n, new_root: _r, status: _s, ...rest } = confirmed;
    expect(decoded(rest)).toMatchObject({ status: "PENDING", statusGiven: false, pending: true });
  });

  it.each([
    ["ACCEPTED_ON_L1", "accepted on L1"],
    ["REJECTED", "rejected"],
  ] as const)("status %s", (status, text) => {
    const b = decoded({ ...confirmed, status });
    expect(b.statusText).toBe(text);
    expect(statusText(status)).toBe(text);
  });

  it("names problems and keeps unknown fields", () => {
    const { new_root: _r, ...rest } = confirmed;
    const b = decoded({ ...rest, status: "FINAL", timestamp: "soon", l2_gas_price: {}, extra: [1] });
    expect(b.status).toBe("UNKNOWN");
    expect(b.problems).toEqual([
      '"status" should be one of PENDING, PRE_CONFIRMED, ACCEPTED_ON_L2, ACCEPTED_ON_L1, REJECTED, got "FINAL"',
      '"timestamp" should be a Unix timestamp, got "soon"',
      '"l2_gas_price" should be an object with price_in_fri and/or price_in_wei, got object',
      'missing field "new_root"',
    ]);
    expect(b.other.map((f) => f.key)).toEqual(["extra"]);
  });

  it("fails on a non-object", () => {
    expect(decodeStarknetBlock(null).ok).toBe(false);
  });
});
