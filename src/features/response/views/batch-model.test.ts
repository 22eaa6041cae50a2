import { describe, expect, it } from "vitest";
import { runToEnd } from "../../../chain/lazy-rows.ts";
import { batchModelSteps } from "./batch-model.ts";

/** The whole model, at once. */
const batchModel = (...args: Parameters<typeof batchModelSteps>) => runToEnd(batchModelSteps(...args));

describe("batchModel", () => {
  const text = JSON.stringify([
    { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
    { jsonrpc: "2.0", id: "b", method: "eth_getBlockByNumber", params: ["latest", false] },
    { jsonrpc: "2.0", id: 3, method: "eth_blockNumber", params: [] },
  ]);
  it("names each request, matches its answer by id, and says what is missing and what is stray", () => {
    const m = batchModel(
      text,
      [1, "b", 3],
      [
        { jsonrpc: "2.0", id: "b", result: { number: "0x1" } },
        { jsonrpc: "2.0", id: 1, result: "0x7a69" },
        { jsonrpc: "2.0", id: 99, result: "0x0" },
      ],
    );
    expect(m.items.map((i) => i.label)).toEqual([
      "1. eth_chainId",
      "2. eth_getBlockByNumber",
      "3. eth_blockNumber",
    ]);
    expect(m.items.map((i) => i.answer?.id)).toEqual([1, "b", undefined]);
    expect(m.items[1]?.params).toEqual(["latest", false]);
    expect(m.unmatched[0]?.why).toBe("no request in the batch has id 99");
    expect(m.summary).toBe("2 of 3 requests answered, 1 without an answer, 1 answer matching no request.");
  });
});
