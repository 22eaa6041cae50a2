import { describe, expect, it } from "vitest";
import { formatSeconds } from "../chain/duration.ts";
import {
  answerReaderStopped,
  HttpStatusError,
  IdMismatchError,
  InvalidResponseError,
  RpcClientError,
  TimeoutError,
  WsDroppedError,
} from "./errors.ts";

describe("RpcClientError", () => {
  it("says a big answer the page's own reader lost is the page's doing, and what to do", () => {
    const err = answerReaderStopped();
    expect(err.shortMessage).toBe("The answer came but this page could not read it");
    expect(err.details).toMatch(/not the node\. Send the request again/);
  });

  it("keeps a short message, details and cause, and builds the message from them", () => {
    const cause = new TypeError("Failed to fetch");
    const err = new RpcClientError("Short", { details: "More", cause });
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe("Short\n\nDetails: More");
    expect(err.shortMessage).toBe("Short");
    expect(err.details).toBe("More");
    expect(err.cause).toBe(cause);
    expect(new RpcClientError("Only").message).toBe("Only");
    expect("cause" in new RpcClientError("Only")).toBe(false);
  });

  it.each([
    [
      new HttpStatusError({ status: 401, statusText: "Unauthorized", bodySnippet: "invalid project id" }),
      "HttpStatusError",
      "HTTP 401: the API key is missing or invalid\n\nDetails: invalid project id",
    ],
    [
      new HttpStatusError({
        status: 429,
        statusText: "",
        bodySnippet: "{}",
        rpcError: { code: -32005, message: "slow down" },
      }),
      "HttpStatusError",
      "HTTP 429: rate limit exceeded\n\nDetails: JSON-RPC error -32005: slow down",
    ],
    [new TimeoutError({ timeoutMs: 2_500, transport: "http" }), "TimeoutError", "No answer within 2.5 s"],
    [
      new InvalidResponseError({ reason: "not-json", bodySnippet: "" }),
      "InvalidResponseError",
      "The answer is not JSON\n\nDetails: The body is empty.",
    ],
    [
      new IdMismatchError({ expectedId: 1, receivedId: "not-1" }),
      "IdMismatchError",
      `The answer's id does not match the request's id\n\nDetails: Sent id 1, received id "not-1"`,
    ],
    [
      new WsDroppedError({ code: 1006, reason: "" }),
      "WsDroppedError",
      "WebSocket connection dropped before the answer arrived\n\nDetails: Close code 1006",
    ],
  ])("%s", (err, name, message) => {
    expect(err).toBeInstanceOf(RpcClientError);
    expect(err.name).toBe(name);
    expect(err.message).toBe(message);
  });

  it("sets rpcError and retryAfterSeconds only when known", () => {
    const err = new HttpStatusError({ status: 500, statusText: "", bodySnippet: "" });
    expect("rpcError" in err).toBe(false);
    expect("retryAfterSeconds" in err).toBe(false);
  });

  it.each([
    [30_000, "30 s"],
    [1_500, "1.5 s"],
    [100, "0.1 s"],
    [333, "0.333 s"],
  ])("formatSeconds(%d) = %s", (ms, s) => {
    expect(formatSeconds(ms)).toBe(s);
  });
});
