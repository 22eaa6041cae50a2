/** The two ways a request travels: HTTP `fetch`, or the browser's WebSocket. */
export type Transport = "http" | "ws";

/** The transport's name for people: "HTTP" or "WebSocket". */
export function transportLabel(t: Transport): string {
  return t === "ws" ? "WebSocket" : "HTTP";
}
