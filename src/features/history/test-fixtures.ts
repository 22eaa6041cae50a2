import { CATALOG, type Network } from "../../networks/network.ts";
import type { RpcAnswer } from "../../rpc/types.ts";
import type { SentEvent } from "../../send/sent.ts";

export const KEY = "k3y-Very-Secret-0123456789";

export const devnet: Network = CATALOG.find((n) => n.id === "devnet")!;
export const custom: Network = {
  id: "c1",
  name: "My node",
  kind: "evm",
  base_url: "https://node.example",
  ws_url: "wss://node.example",
  keyGroup: "custom:c1",
  custom: true,
};

export function answer(raw: unknown, sizeBytes = 100): RpcAnswer {
  const r = raw as { result?: unknown; error?: { code: number; message: string } };
  const meta = { transport: "http" as const, latencyMs: 12.6, sizeBytes, httpStatus: 200 };
  return r.error
    ? { kind: "error", error: r.error, raw, meta }
    : { kind: "result", result: r.result, raw, meta };
}

export function sentEvent(
  over: { network?: Network; params?: unknown[]; at?: number } & (
    | { ok: true; answer: RpcAnswer }
    | { ok: false; error: unknown }
  ),
): SentEvent {
  const vars = {
    network: over.network ?? devnet,
    apiKey: KEY,
    transport: "http" as const,
    timeoutMs: 30_000,
    body: {
      jsonrpc: "2.0" as const,
      id: 7,
      method: "eth_getBlockByNumber",
      params: over.params ?? ["0x1", false],
    },
  };
  const at = over.at ?? 1_700_000_000_000;
  return over.ok ? { vars, at, ok: true, answer: over.answer } : { vars, at, ok: false, error: over.error };
}

export { entry } from "./entry-fixture.ts";

/** A `Storage` in memory (localStorage's methods), for code that writes to the browser's storage. */
export function memoryStorage(): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
}
