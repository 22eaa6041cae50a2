/**
 * The HTTP side of a JSON-RPC call, the same wherever it is fetched (the page, the answer worker,
 * the "download instead" of an answer over the limit). No import of ours: the worker's bundle
 * takes nothing else with it.
 */

/** A JSON-RPC body POSTed as JSON, without cookies (the key is in the address). */
export function jsonPost(body: string, signal?: AbortSignal): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    credentials: "omit",
    ...(signal ? { signal } : {}),
  };
}

/** What an answer's status line said, and its Retry-After (exposed only when the CORS answer lists it). */
export type StatusLine = { status: number; statusText: string; retryAfter: string | null };

export const statusLineOf = (response: Response): StatusLine => ({
  status: response.status,
  statusText: response.statusText,
  retryAfter: response.headers.get("Retry-After"),
});

/** A 2xx status, as `Response.ok` says. */
export const isOk = (status: number): boolean => status >= 200 && status <= 299;
