import type { HistoryEntry } from "./history-entry.ts";

// A module of its own (test-fixtures.ts re-exports it): the browser tests build stored entries with
// it too, and test-fixtures.ts imports the catalog, which their loader cannot.

let n = 0;
/** A plain entry; `pad` makes its answer about that many bytes. */
export function entry(over: Partial<HistoryEntry> & { pad?: number } = {}): HistoryEntry {
  n += 1;
  const { pad, ...rest } = over;
  return {
    id: `e${n}`,
    at: 1_700_000_000_000 + n,
    method: "eth_getBlockByNumber",
    params: [`0x${n.toString(16)}`, false],
    network: { id: "devnet", name: "Local devnet (Anvil)", kind: "evm" },
    transport: "http",
    status: { kind: "ok" },
    latencyMs: 5,
    sizeBytes: 50,
    answer: { jsonrpc: "2.0", id: n, result: pad ? "x".repeat(pad) : { number: `0x${n.toString(16)}` } },
    ...rest,
  };
}
