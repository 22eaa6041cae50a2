/**
 * The WebSocket client (ws.ts) is a chunk of its own: HTTP is the default transport, so the first
 * screen does without it. It loads when WebSocket is chosen (the status beside the switch asks for
 * it as it shows) or, at the latest, with the first send over it.
 */
import { loadOnce } from "../chain/load-once.ts";

type Ws = typeof import("./ws.ts");

const ws = loadOnce<Ws>(() => import("./ws.ts"));

/** The WebSocket client's module, loaded once; a failed load is tried again on the next call. */
export const loadWs = (): Promise<Ws> => ws.get();

/** The module once loaded; undefined before (then no socket exists yet either). */
export const loadedWs = (): Ws | undefined => ws.current();
