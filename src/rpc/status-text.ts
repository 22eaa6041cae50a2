/**
 * Reason phrases for when the response has none (HTTP/2 and HTTP/3 send no status text, so
 * `Response.statusText` is empty there).
 */
const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  426: "Upgrade Required",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function statusTextFor(status: number, given = ""): string {
  return given || STATUS_TEXTS[status] || "";
}
