import { describe, expect, it } from "vitest";
import type { Network } from "../networks/network.ts";
import { mergeKeys, persistedState, theirChanges } from "./cross-tab.ts";

const net = (id: string, name = id): Network => ({
  id,
  name,
  kind: "evm",
  base_url: `https://${id}.example`,
  ws_url: `wss://${id}.example`,
  keyGroup: id,
  custom: true,
});

describe("theirChanges: another tab's write merged into this tab's state", () => {
  it("keeps a network the other tab added when this tab changed only the theme", () => {
    const base = { customNetworks: [], theme: "system" };
    const theirs = { customNetworks: [net("a")], theme: "system" };
    const ours = { customNetworks: [], theme: "dark" };
    expect(theirChanges(base, theirs, ours)).toEqual({ customNetworks: [net("a")] });
  });

  it("takes their scalar changes, and nothing they did not change", () => {
    expect(
      theirChanges(
        { theme: "system", transport: "http" },
        { theme: "light", transport: "http" },
        {
          customNetworks: [],
          theme: "system",
          transport: "ws",
        },
      ),
    ).toEqual({ theme: "light" });
    expect(
      theirChanges({ theme: "light" }, { theme: "light" }, { customNetworks: [], theme: "dark" }),
    ).toEqual({});
  });

  it("applies removals and edits by id, but keeps this tab's own edit of the same network", () => {
    const base = { customNetworks: [net("a"), net("b"), net("c")] };
    const theirs = { customNetworks: [net("a", "A renamed"), net("c", "C there")] };
    const ours = { customNetworks: [net("a"), net("b"), net("c", "C here"), net("d")] };
    expect(theirChanges(base, theirs, ours)).toEqual({
      customNetworks: [net("a", "A renamed"), net("c", "C here"), net("d")],
    });
  });

  it("reads broken storage as nothing", () => {
    expect(persistedState("{oops")).toBeUndefined();
    expect(persistedState('{"state": 5}')).toBeUndefined();
    expect(persistedState(null)).toBeUndefined();
    expect(persistedState('{"state": {"theme": "dark"}, "version": 1}')).toEqual({ theme: "dark" });
  });
});

describe("mergeKeys: remembered keys per key group", () => {
  it("applies their set, change and removal, and keeps this tab's other keys", () => {
    expect(
      mergeKeys(
        { infura: "old", x: "1" },
        { infura: "new", alchemy: "k" },
        { infura: "old", x: "1", mine: "m" },
      ),
    ).toEqual({
      infura: "new",
      alchemy: "k",
      mine: "m",
    });
    expect(mergeKeys({ a: "1" }, { a: "1" }, { a: "2" })).toBeNull();
  });
});
