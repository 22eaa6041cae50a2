import { afterEach, describe, expect, it } from "vitest";
import { errorNotice, failureNotice, toErrorDisplay } from "./display.ts";
import { describeRpcError } from "./error-codes.ts";
import { HttpStatusError, WsConnectionError } from "./errors.ts";
import { DEFAULT_KEY_LABEL, setKeyLabel } from "./key-label.ts";

/** Every text the user reads of an error, notice and folded details. */
const shown = (err: unknown) => {
  const d = toErrorDisplay(err);
  const n = failureNotice(d);
  return [n.title, n.sentence, ...n.said].join("\n");
};

describe("the key's name in the app's own error texts", () => {
  afterEach(() => setKeyLabel(DEFAULT_KEY_LABEL));

  it("is the provider's, read when a text is made, in errors.ts, display.ts and error-codes.ts alike", () => {
    setKeyLabel("Project ID");
    const plain = new HttpStatusError({ status: 401, statusText: "Unauthorized", bodySnippet: "no" });
    expect(plain.shortMessage).toBe("HTTP 401: the Project ID is missing or invalid");
    const d = toErrorDisplay(plain);
    expect(d.detail).toBe("The Project ID was refused (HTTP 401 Unauthorized). The provider answered: no");
    expect(d.hint).toMatch(/^Check the Project ID for this network/);
    const forbidden = new HttpStatusError({ status: 403, statusText: "Forbidden", bodySnippet: "" });
    expect(toErrorDisplay(forbidden).hint).toMatch(/^The Project ID may restrict origins/);
    expect(toErrorDisplay(new WsConnectionError({ address: "wss://x/ws/v3/<API_KEY>" })).hint).toMatch(
      /^The Project ID may be wrong/,
    );
    expect(describeRpcError({ code: -32002, message: "" }, { chain: "evm" }).hint).toMatch(
      /^The Project ID may restrict/,
    );
    expect(shown(plain)).not.toMatch(/API key/);
  });

  it("never touches what a node said, even when the node says 'API key'", () => {
    setKeyLabel("Project ID");
    const nodeSaid = "Unauthorized: invalid API key";
    const err = new HttpStatusError({
      status: 401,
      statusText: "Unauthorized",
      bodySnippet: "{}",
      rpcError: { code: -32000, message: nodeSaid },
    });
    expect(err.details).toBe(`JSON-RPC error -32000: ${nodeSaid}`);
    expect(toErrorDisplay(err).detail).toBe(
      `The Project ID was refused (HTTP 401 Unauthorized). The provider answered: ${nodeSaid} (code -32000).`,
    );
    const d = describeRpcError({ code: -32000, message: nodeSaid, data: "API key" }, { chain: "evm" });
    expect(d.title).toBe("Unauthorized: the Project ID is missing or invalid");
    expect(d.detail).toBe(nodeSaid);
    // The notice keeps the node's words, folded, beside the app's own: they no longer say the same.
    expect(errorNotice(d.title, d.hint, [nodeSaid, d.detail]).said).toEqual([nodeSaid]);
  });

  it("is 'API key' while no provider names it", () => {
    const err = new HttpStatusError({ status: 401, statusText: "Unauthorized", bodySnippet: "" });
    expect(err.shortMessage).toBe("HTTP 401: the API key is missing or invalid");
    expect(toErrorDisplay(err).hint).toMatch(/^Check the API key/);
  });
});
