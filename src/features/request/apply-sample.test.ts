import { QueryClient } from "@tanstack/react-query";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultValues } from "../../methods/form-values.ts";
import type { EvmSample } from "../../methods/network-sample.ts";
import { getMethod } from "../../methods/registry.ts";
import { keyFor, ONE_KEY } from "../../state/key-slice.ts";
import { selectedNetwork } from "../../state/networks-slice.ts";
import { createAppStore } from "../../state/store.ts";
import type { Current } from "../../state/useNetworks.ts";
import { followNetwork, networkSampleQuery, remoteExamples } from "./apply-sample.ts";

const H = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const sample: EvmSample = {
  kind: "evm",
  block: { number: "0x1406f40", hash: H(1), stateRoot: H(2), transactions: 3 },
  tx: { index: "0x1", hash: H(3), from: `0x${"aa".repeat(20)}`, to: `0x${"bb".repeat(20)}`, calls: true },
  contract: { address: `0x${"bb".repeat(20)}`, slot: "0x0", name: null, source: "called" },
  transfer: null,
  notes: [],
};
const METHOD = "eth_getBlockByNumber";

function setUp(network = "ethereum-mainnet") {
  const store = createAppStore({ persist: false, initial: { selectedNetworkId: network } });
  const client = new QueryClient();
  const readCurrent = (): Current => {
    const state = store.getState();
    const net = selectedNetwork(state, undefined);
    return { state, network: net, networks: [], apiKey: keyFor(state, net, undefined), secrets: [] };
  };
  const sampleKey = () => {
    const { state, network: net, apiKey } = readCurrent();
    return networkSampleQuery({
      network: net,
      apiKey,
      transport: state.transport,
      timeoutMs: state.timeoutMs,
    }).queryKey;
  };
  return { store, client, readCurrent, sampleKey };
}

describe("the draft follows the chosen network (followNetwork, applySample)", () => {
  beforeAll(async () => {
    await remoteExamples.get();
  });

  it("fills a form that holds examples with the network's sample once it arrives, and only then", () => {
    const { store, client, readCurrent, sampleKey } = setUp();
    store.getState().keyActions.setKey(ONE_KEY, "k");
    const stop = followNetwork(store, client, readCurrent);
    const seeded = store.getState().valuesByMethod[METHOD];
    expect(seeded).toEqual(defaultValues(getMethod(METHOD)!));
    client.setQueryData(sampleKey(), sample);
    expect(store.getState().valuesByMethod[METHOD]).not.toEqual(seeded);
    expect(store.getState().bodyText).toContain("0x1406f40");
    expect(store.getState().examplesFrom[METHOD]).toBe("ethereum-mainnet 0x1406f40");
    stop();
  });

  it("holds a sample back while the user is in the form or the body, and fills it when the focus leaves", () => {
    const { store, client, readCurrent, sampleKey } = setUp();
    store.getState().keyActions.setKey(ONE_KEY, "k");
    let writing = true;
    let leave = () => {};
    const focus = {
      now: () => writing,
      onLeave(left: () => void) {
        leave = left;
        return () => {
          leave = () => {};
        };
      },
    };
    const stop = followNetwork(store, client, readCurrent, focus);
    const before = store.getState().bodyText;
    client.setQueryData(sampleKey(), sample);
    expect(store.getState().bodyText).toBe(before);
    writing = false;
    leave();
    expect(store.getState().bodyText).toContain("0x1406f40");
    expect(store.getState().examplesFrom[METHOD]).toBe("ethereum-mainnet 0x1406f40");
    stop();
  });

  it("never replaces the user's values; back on the devnet a form of examples gets the seeded ones", () => {
    const { store, client, readCurrent, sampleKey } = setUp();
    store.getState().keyActions.setKey(ONE_KEY, "k");
    client.setQueryData(sampleKey(), sample);
    const stop = followNetwork(store, client, readCurrent);
    expect(store.getState().bodyText).toContain("0x1406f40");
    store.getState().networkActions.select("devnet");
    expect(store.getState().valuesByMethod[METHOD]).toEqual(defaultValues(getMethod(METHOD)!));
    expect(store.getState().examplesFrom[METHOD]).toBe("seeded");
    // The user's own values: no network's examples replace them.
    const mine = { ...defaultValues(getMethod(METHOD)!), block: "0x7" };
    store.getState().draftActions.setValues(mine);
    store.getState().networkActions.select("ethereum-mainnet");
    expect(store.getState().valuesByMethod[METHOD]).toEqual(mine);
    stop();
  });

  it("asks nothing without a key, and fits the method list to the network's chain", () => {
    const { store, client, readCurrent, sampleKey } = setUp();
    client.setQueryData(sampleKey(), sample);
    const stop = followNetwork(store, client, readCurrent);
    expect(store.getState().examplesFrom[METHOD]).toBe("seeded");
    store.getState().networkActions.select("devnet-starknet");
    expect(getMethod(store.getState().methodName)?.chain).toBe("starknet");
    stop();
    store.getState().networkActions.select("devnet");
    expect(getMethod(store.getState().methodName)?.chain).toBe("starknet");
  });
});
