import { formatBytes } from "../chain/quantity.ts";
import { describeRpcError, KEY_HINTS } from "./error-codes.ts";
import {
  CancelledError,
  type HttpStatusError,
  RpcClientError,
  type RpcErrorKind,
  type RpcErrorOfKind,
  type TimeoutError,
} from "./errors.ts";
import { keyLabel } from "./key-label.ts";
import { transportLabel } from "./transport.ts";

type ErrorDisplay = { kind: RpcErrorKind | "unknown"; title: string; detail?: string; hint?: string };

/** What people read under an error's title: what happened, and what to do about it. */
type Wording = { detail?: string; hint?: string };

/**
 * Each kind's sentence and hint. The title is the error's own short message (rpc/errors.ts), so it
 * is never written here; `satisfies` asks for the wording of a new kind.
 */
const WORDING = {
  "http-status": httpStatusWording,
  network: (err) => ({
    detail: `No answer could be read${err.address ? ` from ${err.address}` : ""}.`,
    hint:
      "Is the address right? The provider may also refuse requests from this origin (CORS); some providers' " +
      "error answers lack CORS headers, so the browser hides them. Or the network is offline.",
  }),
  timeout: (err) => ({
    detail: `The provider did not answer over ${transportLabel(err.transport)} in time; the request was given up.${unmatchedText(err.unmatched)}`,
    hint: err.unmatched
      ? "If the node answers with ids other than the request's, send over HTTP, where an answer belongs to its request."
      : "Try again, or raise the timeout for slow methods (large blocks, receipts, proofs).",
  }),
  "too-large": (err) => ({
    detail:
      err.transport === "http"
        ? `The node sent ${formatBytes(err.receivedBytes)} or more; reading stopped there, so the page stays responsive.`
        : `The node sent ${formatBytes(err.receivedBytes)} in one message; it was not parsed, so the page stays responsive.`,
    hint: "Download it as a file instead, or raise the answer limit beside the timeout and send again.",
  }),
  cancelled: () => ({ detail: "The request was cancelled before its answer arrived." }),
  "invalid-response": (err) => ({
    detail: err.details,
    hint: "A proxy or gateway in front of the node may have answered instead of the node.",
  }),
  "id-mismatch": (err) => ({
    detail: `${err.details}.`,
    hint: "The node or a proxy answered another request; send again.",
  }),
  "ws-connection": (err) => ({
    detail: `The browser does not say why a server refused the connection${err.address ? ` to ${err.address}` : ""}.`,
    hint: `The ${keyLabel()} may be wrong, or the WebSocket address may be wrong or not offer WebSocket. Sending over HTTP shows the server's actual answer.`,
  }),
  "ws-dropped": (err) => ({
    detail: `${err.details}.`,
    hint:
      err.closeCode === 1000
        ? "Send again to open a new connection."
        : "The client reconnects by itself; send again once the connection is open.",
  }),
  client: (err) => (err.details ? { detail: err.details } : {}),
} satisfies { [K in RpcErrorKind]: (err: RpcErrorOfKind[K]) => Wording };

/** Title, detail and hint for anything a send can throw. Pure: the same input gives the same text. */
export function toErrorDisplay(err: unknown): ErrorDisplay {
  if (err instanceof RpcClientError) {
    // An error of kind K is an RpcErrorOfKind[K]: each class sets its own kind (errors.test.ts).
    const wording = WORDING[err.kind] as (err: RpcClientError) => Wording;
    return { kind: err.kind, ...wording(err), title: err.shortMessage };
  }
  if (err instanceof DOMException && err.name === "AbortError") {
    return { kind: "cancelled", title: new CancelledError().shortMessage };
  }
  return { kind: "unknown", title: "Something went wrong", detail: String(err) };
}

/** What the provider said, and what to do about it, for each status (its title is the error's). */
function httpStatusWording(err: HttpStatusError): Wording {
  const { status, rpcError, retryAfterSeconds } = err;
  const said = rpcError
    ? `The provider answered: ${rpcError.message || `JSON-RPC error ${rpcError.code}`} (code ${rpcError.code}).`
    : err.bodySnippet.startsWith("<")
      ? `The provider answered with an HTML page: ${err.bodySnippet}`
      : err.bodySnippet
        ? `The provider answered: ${err.bodySnippet}`
        : "The answer had no body.";

  switch (status) {
    case 401:
      return {
        detail: `The ${keyLabel()} was refused (HTTP 401 Unauthorized). ${said}`,
        hint: KEY_HINTS.missingKey,
      };
    case 402:
      return { detail: said, hint: KEY_HINTS.creditLimit };
    case 403:
      return { detail: said, hint: KEY_HINTS.keySettings };
    case 413:
      return {
        detail: said,
        hint: "The request body is over the provider's size limit: ask for less per request.",
      };
    case 429:
      return {
        detail: said,
        hint:
          retryAfterSeconds === undefined
            ? "Too many requests for this key: wait a moment before sending again."
            : `Too many requests for this key: retry after ${formatWait(retryAfterSeconds)}.`,
      };
    default: {
      if (rpcError) {
        const described = describeRpcError(rpcError, { chain: "evm", httpStatus: status });
        return { detail: said, ...(described.hint ? { hint: described.hint } : {}) };
      }
      return {
        detail: said,
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

/** What came meanwhile over the WebSocket with an id no request waited for (not taken as this answer). */
function unmatchedText(u: TimeoutError["unmatched"]): string {
  if (!u) return "";
  const what = u.count === 1 ? "1 message" : `${u.count} messages`;
  const last = u.lastId === null ? "no id" : `id ${u.lastId}`;
  return ` Meanwhile the node sent ${what} with an id no request was waiting for (the last: ${last}, ${formatBytes(u.lastBytes)}); answers are matched to requests by id, so none was taken as this answer.`;
}
