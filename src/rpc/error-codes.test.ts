import { describe, expect, it } from "vitest";
import { describeRpcError, type RpcErrorContext } from "./error-codes.ts";
import type { JsonRpcErrorObject } from "./types.ts";

const evm: RpcErrorContext = { chain: "evm" };
const starknet: RpcErrorContext = { chain: "starknet" };

describe("describeRpcError", () => {
  it.each<[JsonRpcErrorObject, RpcErrorContext, RegExp, string | undefined]>([
    [{ code: -32700, message: "Parse error" }, evm, /^Parse error/, "Parse error"],
    [{ code: -32600, message: "x" }, evm, /^Invalid request/, "Invalid request"],
    [{ code: -32601, message: "x" }, starknet, /^Method not found/, "Method not found"],
    [{ code: -32602, message: "x" }, evm, /^Invalid params/, "Invalid params"],
    [{ code: -32603, message: "x" }, evm, /^Internal error/, "Internal error"],
    [{ code: 3, message: "execution reverted" }, evm, /^Execution reverted$/, "Execution reverted"],
    [
      { code: 3, message: "execution reverted: not owner", data: "0x08c3" },
      evm,
      /^Execution reverted: not owner$/,
      "Execution reverted",
    ],
    [
      { code: -32000, message: "insufficient funds for gas * price + value" },
      evm,
      /^Invalid input/,
      "Invalid input",
    ],
    [{ code: -32001, message: "x" }, evm, /^Resource not found/, "Resource not found"],
    [{ code: -32002, message: "x" }, evm, /^Resource unavailable/, "Resource unavailable"],
    [{ code: -32003, message: "x" }, evm, /^Transaction rejected/, "Transaction rejected"],
    [{ code: -32004, message: "x" }, evm, /^Method not supported/, "Method not supported"],
    [{ code: -32005, message: "x" }, starknet, /rate limited/, "Limit exceeded"],
    [
      { code: -32006, message: "x" },
      evm,
      /^JSON-RPC version not supported/,
      "JSON-RPC version not supported",
    ],
    [{ code: 24, message: "Block not found" }, starknet, /^Block not found$/, "BLOCK_NOT_FOUND"],
    [{ code: 10, message: "x" }, starknet, /No trace available/, "NO_TRACE_AVAILABLE"],
    [{ code: 20, message: "x" }, starknet, /^Contract not found$/, "CONTRACT_NOT_FOUND"],
    [{ code: 21, message: "x" }, starknet, /entrypoint/, "ENTRYPOINT_NOT_FOUND"],
    [{ code: 28, message: "x" }, starknet, /^Class hash not found$/, "CLASS_HASH_NOT_FOUND"],
    [{ code: 29, message: "x" }, starknet, /^Transaction hash not found$/, "TXN_HASH_NOT_FOUND"],
    [{ code: 40, message: "x" }, starknet, /^Contract error$/, "CONTRACT_ERROR"],
    [{ code: 24, message: "x" }, evm, /^Error 24$/, undefined],
    [{ code: 3, message: "x" }, starknet, /^Error 3$/, undefined],
    [{ code: -32042, message: "x" }, evm, /^Server error -32042$/, undefined],
    [{ code: 12345, message: "x" }, evm, /^Error 12345$/, undefined],
  ])("%j on %j", (error, ctx, title, codeName) => {
    const d = describeRpcError(error, ctx);
    expect(d.title).toMatch(title);
    expect(d.codeName).toBe(codeName);
    if (error.message) expect(d.detail).toBe(error.message);
  });

  it("explains a rate limit with data.backoff_seconds", () => {
    const d = describeRpcError(
      { code: -32005, message: "project ID request rate exceeded", data: { backoff_seconds: 7 } },
      { chain: "evm", httpStatus: 429 },
    );
    expect(d.title).toMatch(/rate limited/i);
    expect(d.hint).toMatch(/wait 7 s \(data\.backoff_seconds\)/);
  });

  it("tells a credit limit from a rate limit", () => {
    for (const [error, ctx] of [
      [{ code: -32005, message: "daily credit limit exceeded", data: { reason: "credit_limit" } }, evm],
      [
        { code: -32005, message: "limit" },
        { chain: "evm", httpStatus: 402 },
      ],
    ] as const) {
      expect(describeRpcError(error, ctx).title).toMatch(/credit or plan limit/);
    }
  });

  it("names the key for a 401 (-32000) and the key's settings for a 403 (-32002)", () => {
    expect(describeRpcError({ code: -32000, message: "Unauthorized: invalid API key" }, evm).title).toMatch(
      /API key is missing or invalid/,
    );
    expect(
      describeRpcError({ code: -32000, message: "Must be authenticated!" }, { chain: "evm", httpStatus: 401 })
        .title,
    ).toMatch(/API key/);
    expect(
      describeRpcError(
        { code: -32002, message: "rejected due to project ID settings" },
        { chain: "evm", httpStatus: 403 },
      ).title,
    ).toBe("Request rejected by the key's settings");
  });

  it.each([
    ["insufficient funds for gas * price + value", /balance/],
    ["gas required exceeds allowance (30000000)", /Raise the gas/],
    ["gas 0x1 exceeds the cap of 300000000 (10 times the current block gas limit of 30000000)", /10 times/],
  ])("gives a hint for -32000 %s", (message, hint) => {
    expect(describeRpcError({ code: -32000, message }, evm).hint).toMatch(hint);
  });

  it("adds a Starknet -32602 data.reason to the detail", () => {
    const d = describeRpcError(
      { code: -32602, message: "Invalid params", data: { reason: "block_id: unknown tag" } },
      starknet,
    );
    expect(d.detail).toBe("Invalid params: block_id: unknown tag");
  });

  it("omits detail when the message is empty and clips a long revert reason", () => {
    expect(describeRpcError({ code: -32603, message: "" }, evm)).not.toHaveProperty("detail");
    const long = "x".repeat(500);
    expect(
      describeRpcError({ code: 3, message: `execution reverted: ${long}` }, evm).title.length,
    ).toBeLessThan(150);
  });
});
