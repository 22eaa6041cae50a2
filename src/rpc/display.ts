import { formatSeconds } from "../chain/duration.ts";
import { describeRpcError, KEY_HINTS } from "./error-codes.ts";
import {
  AnswerTooLargeError,
  CancelledError,
  HttpStatusError,
  IdMismatchError,
  InvalidResponseError,
  NetworkError,
  RpcClientError,
  TimeoutError,
  WsConnectionError,
  WsDroppedError,
} from "./errors.ts";
import { transportLabel } from "./transport.ts";

type ErrorDisplayKind =
  | "http-status"
  | "network"
  | "timeout"
  | "cancelled"
  | "invalid-response"
  | "id-mismatch"
  | "ws-connection"
  | "ws-dropped"
  | "too-large"
  | "client"
  | "unknown";

type ErrorDisplay = { kind: ErrorDisplayKind; title: string; detail?: string; hint?: string };

/** Title, detail and hint for anything a send can throw. Pure: the same input gives the same text. */
export function toErrorDisplay(err: unknown): ErrorDisplay {
  if (err instanceof HttpStatusError) return httpStatusDisplay(err);
  if (err instanceof NetworkError) {
    return {
      kind: "network",
      title: "Failed to fetch: could not reach the provider",
      detail: `No answer could be read${err.address ? ` from ${err.address}` : ""}.`,
      hint:
        "Is the address right? The provider may also refuse requests from this origin (CORS); some providers' " +
        "error answers lack CORS headers, so the browser hides them. Or the network is offline.",
    };
  }
  if (err instanceof TimeoutError) {
    return {
      kind: "timeout",
      title: `No answer within ${formatSeconds(err.timeoutMs)}`,
      detail: `The provider did not answer over ${transportLabel(err.transport)} in time; the request was given up.`,
      hint: "Try again, or raise the timeout for slow methods (large blocks, receipts, proofs).",
    };
  }
  if (err instanceof AnswerTooLargeError) {
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MiB`;
    return {
      kind: "too-large",
      title: `The answer is over the ${mib(err.limitBytes)} limit`,
      detail:
        err.transport === "http"
          ? `The node sent ${mib(err.receivedBytes)} or more; reading stopped there, so the page stays responsive.`
          : `The node sent ${mib(err.receivedBytes)} in one message; it was not parsed, so the page stays responsive.`,
      hint: "Download it as a file instead, or raise the answer limit beside the timeout and send again.",
    };
  }
  if (err instanceof CancelledError) {
    return {
      kind: "cancelled",
      title: "Request cancelled",
      detail: "The request was cancelled before its answer arrived.",
    };
  }
  if (err instanceof InvalidResponseError) {
    return {
      kind: "invalid-response",
      title:
        err.reason === "not-json"
          ? "The answer is not JSON"
          : "The answer is not JSON-RPC (no result or error member)",
      detail: err.bodySnippet ? `It starts with: ${err.bodySnippet}` : "The body is empty.",
      hint: "A proxy or gateway in front of the node may have answered instead of the node.",
    };
  }
  if (err instanceof IdMismatchError) {
    return {
      kind: "id-mismatch",
      title: "The answer's id does not match the request's id",
      detail: `Sent id ${JSON.stringify(err.expectedId) ?? "(none)"}, received id ${JSON.stringify(err.receivedId) ?? "(missing)"}.`,
      hint: "The node or a proxy answered another request; send again.",
    };
  }
  if (err instanceof WsConnectionError) {
    return {
      kind: "ws-connection",
      title: "Could not open the WebSocket connection",
      detail: `The browser does not say why a server refused the connection${err.address ? ` to ${err.address}` : ""}.`,
      hint: "The API key may be wrong, or the WebSocket address may be wrong or not offer WebSocket. Sending over HTTP shows the server's actual answer.",
    };
  }
  if (err instanceof WsDroppedError) {
    const clientClosed = err.closeCode === 1000;
    return {
      kind: "ws-dropped",
      title: clientClosed
        ? "WebSocket connection closed before the answer arrived"
        : "WebSocket connection dropped before the answer arrived",
      detail: `Close code ${err.closeCode}${err.closeReason ? `: ${err.closeReason}` : ""}.`,
      hint: clientClosed
        ? "Send again to open a new connection."
        : "The client reconnects by itself; send again once the connection is open.",
    };
  }
  if (err instanceof RpcClientError) {
    return { kind: "client", title: err.shortMessage, ...(err.details ? { detail: err.details } : {}) };
  }
  if (err instanceof DOMException && err.name === "AbortError") {
    return { kind: "cancelled", title: "Request cancelled" };
  }
  return { kind: "unknown", title: "Something went wrong", detail: String(err) };
}

function httpStatusDisplay(err: HttpStatusError): ErrorDisplay {
  const { status, statusText, rpcError, retryAfterSeconds } = err;
  const said = rpcError
    ? `The provider answered: ${rpcError.message || `JSON-RPC error ${rpcError.code}`} (code ${rpcError.code}).`
    : err.bodySnippet.startsWith("<")
      ? `The provider answered with an HTML page: ${err.bodySnippet}`
      : err.bodySnippet
        ? `The provider answered: ${err.bodySnippet}`
        : "The answer had no body.";
  const base = { kind: "http-status" as const, detail: said };

  switch (status) {
    case 401:
      return {
        ...base,
        title: "HTTP 401: the API key is missing or invalid",
        detail: `The API key was refused (HTTP 401 Unauthorized). ${said}`,
        hint: KEY_HINTS.missingKey,
      };
    case 402:
      return {
        ...base,
        title: "HTTP 402: the key's credit or plan limit is used up",
        hint: KEY_HINTS.creditLimit,
      };
    case 403:
      return {
        ...base,
        title: "HTTP 403: request rejected by the key's settings",
        hint: KEY_HINTS.keySettings,
      };
    case 413:
      return {
        ...base,
        title: "HTTP 413: request too large",
        hint: "The request body is over the provider's size limit: ask for less per request.",
      };
    case 429:
      return {
        ...base,
        title: "HTTP 429: rate limit exceeded",
        hint:
          retryAfterSeconds === undefined
            ? "Too many requests for this key: wait a moment before sending again."
            : `Too many requests for this key: retry after ${formatWait(retryAfterSeconds)}.`,
      };
    default: {
      const title = `HTTP ${status}${statusText ? ` ${statusText}` : ""}`;
      if (rpcError) {
        const described = describeRpcError(rpcError, { chain: "evm", httpStatus: status });
        return { ...base, title, ...(described.hint ? { hint: described.hint } : {}) };
      }
      return {
        ...base,
        title,
        hint:
          status >= 500
            ? "The provider or a proxy in front of it failed: usually temporary, try again in a moment."
            : "Check the address and the request.",
      };
    }
  }
}

/** What an error notice shows: a title, one plain sentence, and, folded, what the node itself said. */
export type ErrorNotice = { title: string; sentence: string | undefined; said: string[] };

const plain = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s.:;,!]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Puts a notice together so that no text is shown twice: the sentence is left out when the title
 * already says it, and each thing the node said when the title or the sentence (or an earlier one)
 * already holds it.
 */
export function errorNotice(
  title: string,
  sentence: string | undefined,
  said: readonly (string | undefined)[],
): ErrorNotice {
  const shown = [plain(title)];
  const covered = (s: string) => shown.some((t) => t.includes(plain(s)));
  const keptSentence = sentence && !covered(sentence) ? sentence : undefined;
  if (keptSentence) shown.push(plain(keptSentence));
  const kept: string[] = [];
  for (const s of said) {
    if (!s?.trim() || covered(s)) continue;
    kept.push(s);
    shown.push(plain(s));
  }
  return { title, sentence: keptSentence, said: kept };
}

/** A failure of the send (no JSON-RPC answer): the title, the hint as its sentence, the detail folded. */
export function failureNotice(d: ErrorDisplay): ErrorNotice {
  return d.hint ? errorNotice(d.title, d.hint, [d.detail]) : errorNotice(d.title, d.detail, []);
}

/** A wait for people: "7 s", "2 min 5 s", "3 h 20 min", "more than a day" (Retry-After is bounded). */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s > 86_400) return "more than a day";
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
  const m = Math.floor((s % 3600) / 60);
  return m ? `${Math.floor(s / 3600)} h ${m} min` : `${Math.floor(s / 3600)} h`;
}
