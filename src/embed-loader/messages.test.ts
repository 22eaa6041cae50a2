import { describe, expect, it } from "vitest";
import {
  embedMessageSchema,
  errorMessage,
  heightMessage,
  readHostMessage,
  readyMessage,
} from "../features/embed/embed-messages.ts";
import { iframeSnippet } from "../features/embed/iframe-snippet.ts";
import { frameTitle } from "./handle.ts";
import {
  ABOUT_SEND,
  type HostMessages,
  RpcPlaygroundError,
  readEmbedMessage,
  STATE_ORDER,
  sendMessage,
} from "./messages.ts";

/** The loader writes the protocol out on its own (it carries none of the app's code): held to the embed's schemas here. */
describe("the loader's messages", () => {
  it("every message the loader hands in is one the embed accepts", () => {
    const sent: HostMessages[keyof HostMessages][] = [
      { type: "rpc-playground:set-network", network: "devnet" },
      { type: "rpc-playground:set-params", params: ["0x1", false] },
      {
        type: "rpc-playground:set-params",
        params: { block_id: "latest" },
        method: "starknet_getBlockWithTxHashes",
      },
      { type: "rpc-playground:set-transport", transport: "ws" },
      { type: "rpc-playground:set-theme", theme: "dark" },
      { type: "rpc-playground:set-key", key: "abc" },
    ];
    for (const m of [...sent, sendMessage("1")])
      expect(readHostMessage(m)).toEqual({ kind: "message", message: m });
    expect(STATE_ORDER).toHaveLength(5);
  });

  it("reads every message the embed tells, and nothing else", () => {
    const told = [
      readyMessage("eth_chainId", "devnet", "RPC Playground"),
      heightMessage(321.4),
      errorMessage("send: busy", ABOUT_SEND, "2"),
      {
        type: "rpc-playground:result",
        id: 1,
        method: "eth_chainId",
        network: "devnet",
        transport: "http",
        ok: true,
        result: "0x1",
        latencyMs: 3,
        ref: "1",
      },
    ];
    for (const m of told) {
      expect(embedMessageSchema.safeParse(m).success).toBe(true);
      expect(readEmbedMessage(m)).toBe(m);
    }
    const types = embedMessageSchema.def.options.map((o) => o.shape.type.def.values[0]).sort();
    expect(types).toEqual(told.map((m) => m.type).sort());
    for (const other of [null, "x", { type: "webpackHot" }, { type: "rpc-playground:height", height: -1 }])
      expect(readEmbedMessage(other)).toBeUndefined();
  });

  it("a failed send's error carries the node's code and data", () => {
    const e = new RpcPlaygroundError("execution reverted", { code: 3, data: "0x08c379a0" });
    expect([e.name, e.message, e.code, e.data, e.kind, e instanceof Error]).toEqual([
      "RpcPlaygroundError",
      "execution reverted",
      3,
      "0x08c379a0",
      undefined,
      true,
    ]);
  });
});

/** The loader titles its frames on its own too: as the guide's iframe code does. */
describe("the loader's frame title", () => {
  it("is the title the guide's iframe code writes", () => {
    const input = { src: "https://rpc.example/embed?method=m", height: 480, hasOrigins: true };
    for (const [productName, method] of [
      ["RPC Playground", "eth_getBlockByNumber"],
      ["Acme RPC", "starknet_getBlockWithTxHashes"],
    ] as const)
      expect(iframeSnippet({ ...input, productName, method })).toContain(
        `title="${frameTitle(productName, method)}"`,
      );
  });
});
