import { describe, expect, it } from "vitest";
import { decodeStarknetBlock, type StarknetBlockView } from "../../../chain/starknet-block.ts";
import { starknetFixture } from "../../../chain/test-fixtures.ts";
import {
  gasPriceRows,
  pendingNote,
  starknetNav,
  starknetSections,
  statusTone,
} from "./starknet-block-model.ts";

function decoded(result: unknown): StarknetBlockView {
  const view = decodeStarknetBlock(result);
  if (!view.ok) throw new Error(view.error);
  return view.value;
}

const confirmed = decoded(starknetFixture("confirmed_with_tx_hashes.v0_9.json"));
const preconfirmed = decoded(starknetFixture("preconfirmed_with_tx_hashes.v0_9.json"));
/** The service spec's pending shape: no block_hash, block_number, new_root; status PENDING. */
const pending = decoded({
  status: "PENDING",
  parent_hash: "0x2e669d6c7d0843aeadabb9a187a8e3381e07f71d9213ef7cbd25f78c40447b4",
  timestamp: 1756771200,
  sequencer_address: "0x1176a1bd84444c89232ec27754698e5d2e7e1a7f1539f12027f28b23ec9f3d8",
  l1_gas_price: { price_in_fri: "0x1ed58f4583b6", price_in_wei: "0x3bcb3b74" },
  starknet_version: "0.13.4",
  transactions: [],
});

const keys = (v: StarknetBlockView) => starknetSections(v).flatMap((s) => s.fields.map((f) => f.key));

describe("statusTone", () => {
  it.each([
    ["ACCEPTED_ON_L1", "ok"],
    ["ACCEPTED_ON_L2", "ok"],
    ["PENDING", "warn"],
    ["PRE_CONFIRMED", "warn"],
    ["REJECTED", "bad"],
    ["UNKNOWN", "neutral"],
  ] as const)("%s → %s", (status, tone) => expect(statusTone(status)).toBe(tone));
});

describe("starknetSections", () => {
  it("a sealed block: every identity field except the status (the badge), DA mode, version", () => {
    expect(keys(confirmed)).toEqual([
      "block_number",
      "block_hash",
      "parent_hash",
      "new_root",
      "timestamp",
      "sequencer_address",
      "l1_da_mode",
      "starknet_version",
    ]);
    const version = starknetSections(confirmed).find((s) => s.id === "protocol")?.fields[0];
    expect(version?.label).toMatch(/protocol version \(of the network\)/);
  });

  it("a spec 0.10 block: its commitments and counts in a section of their own, before the version", () => {
    const decoded = decodeStarknetBlock(starknetFixture("confirmed_with_tx_hashes.v0_10.json"));
    if (!decoded.ok) throw new Error(decoded.error);
    const sections = starknetSections(decoded.value);
    expect(sections.map((s) => s.id)).toEqual(["identity", "da", "commitments", "protocol"]);
    expect(sections.find((s) => s.id === "commitments")?.fields.map((f) => f.key)).toEqual([
      "transaction_commitment",
      "event_commitment",
      "receipt_commitment",
      "state_diff_commitment",
      "transaction_count",
      "event_count",
      "state_diff_length",
    ]);
  });

  it("a pending block has no rows for what it lacks", () => {
    expect(keys(pending)).toEqual(["parent_hash", "timestamp", "sequencer_address", "starknet_version"]);
    expect(keys(preconfirmed)).not.toContain("block_hash");
    expect(keys(preconfirmed)).not.toContain("new_root");
    expect(keys(preconfirmed)).toContain("block_number");
  });
});

describe("pendingNote", () => {
  it("says what a pending or pre-confirmed block lacks; nothing for a sealed one", () => {
    expect(pendingNote(confirmed)).toBeNull();
    expect(pendingNote(pending)).toMatch(/^Pending block: .*no block hash, block number or new root/);
    expect(pendingNote(preconfirmed)).toMatch(/^Pre-confirmed block/);
  });
});

describe("starknetNav", () => {
  it("a sealed block: parent by hash, previous and next by number", () => {
    const nav = starknetNav(confirmed);
    expect(nav.parent?.params).toEqual({
      block_id: { block_hash: "0x2e669d6c7d0843aeadabb9a187a8e3381e07f71d9213ef7cbd25f78c40447b4" },
    });
    expect(nav.prev).toMatchObject({
      params: { block_id: { block_number: 1_833_240 } },
      label: "Open previous block 1,833,240",
    });
    expect(nav.next?.params).toEqual({ block_id: { block_number: 1_833_242 } });
  });

  it("a pending block: its parent only; a pre-confirmed one: the previous number, no next", () => {
    expect(starknetNav(pending)).toMatchObject({ prev: null, next: null });
    expect(starknetNav(pending).parent).not.toBeNull();
    const nav = starknetNav(preconfirmed);
    expect(nav).toMatchObject({ parent: null, next: null });
    expect(nav.prev?.params).toEqual({ block_id: { block_number: 1_833_172 } });
  });

  it("block 0 has no previous block", () => {
    const genesis = decoded({
      ...(starknetFixture("confirmed_with_tx_hashes.v0_9.json") as object),
      block_number: 0,
    });
    expect(starknetNav(genesis).prev).toBeNull();
    expect(starknetNav(genesis).next?.params).toEqual({ block_id: { block_number: 1 } });
  });
});

describe("gasPriceRows", () => {
  it("the three prices in fri and wei, decimal, with the hex", () => {
    expect(gasPriceRows(confirmed)).toEqual([
      {
        key: "l1_gas_price",
        label: "L1 gas",
        fri: "33,902,580,564,918",
        friHex: "0x1ed58f4583b6",
        wei: "1,003,174,772",
        weiHex: "0x3bcb3b74",
      },
      {
        key: "l1_data_gas_price",
        label: "L1 data gas (blobs)",
        fri: "33,795",
        friHex: "0x8403",
        wei: "1",
        weiHex: "0x1",
      },
      {
        key: "l2_gas_price",
        label: "L2 gas",
        fri: "3,000,000,000",
        friHex: "0xb2d05e00",
        wei: "88,769",
        weiHex: "0x15ac1",
      },
    ]);
  });

  it("a price given only in fri has no wei", () => {
    const b = decoded({
      ...(starknetFixture("confirmed_with_tx_hashes.v0_9.json") as object),
      l2_gas_price: { price_in_fri: "0x1" },
    });
    expect(gasPriceRows(b).find((r) => r.key === "l2_gas_price")).toMatchObject({ fri: "1", wei: null });
  });
});
