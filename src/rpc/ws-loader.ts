/**
 * The WebSocket client (ws.ts) is a chunk of its own: HTTP is the default transport, so the first
 * screen does without it. It loads when WebSocket is chosen (the status beside the switch asks for
 * it as it shows) or, at the latest, with the first send over it.
 */
type Ws = typeof import("./ws.ts");

let ws: Ws | undefined;
let loading: Promise<Ws> | undefined;

/** The WebSocket client's module, loaded once; a failed load is tried again on the next call. */
export function loadWs(): Promise<Ws> {
  loading ??= import("./ws.ts").then(
    (m) => {
      ws = m;
      return m;
    },
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The module once loaded; undefined before (then no socket exists yet either). */
export function loadedWs(): Ws | undefined {
  return ws;
}
