import { describe, expect, it } from "vitest";
import { CATALOG } from "../../networks/network.ts";
import { replayPlan } from "./history-replay.ts";
import { custom, entry } from "./test-fixtures.ts";

describe("replayPlan", () => {
  it("finds the entry's network and transport", () => {
    const plan = replayPlan(entry({ transport: "ws" }), CATALOG);
    expect(plan).toMatchObject({ ok: true, network: { id: "devnet" }, transport: "ws" });
  });

  it("says when the network no longer exists, with a custom network's address", () => {
    const e = entry({
      network: { id: "gone", name: "My node", kind: "evm", base_url: "https://node.example", custom: true },
    });
    expect(replayPlan(e, CATALOG)).toEqual({
      ok: false,
      message:
        'The network "My node" of this entry no longer exists (it was a custom network at https://node.example): add it again under Custom networks to replay.',
    });
    expect(replayPlan({ ...e, network: { ...e.network, id: custom.id } }, [...CATALOG, custom]).ok).toBe(
      true,
    );
  });

  it("refuses a method the playground does not know or params its form cannot hold", () => {
    expect(replayPlan(entry({ method: "eth_sendRawTransaction" }), CATALOG)).toMatchObject({ ok: false });
    expect(replayPlan(entry({ params: { block: 1 } }), CATALOG)).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^This entry cannot be replayed: eth_getBlockByNumber takes its params as an array/,
      ),
    });
  });

  it("refuses when a network of that id is now of the other chain kind", () => {
    const e = entry({ network: { id: "devnet-starknet", name: "x", kind: "evm" } });
    expect(replayPlan(e, CATALOG)).toMatchObject({ ok: false });
  });
});
