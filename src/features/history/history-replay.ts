import { readFormParams } from "../../methods/body-reading.ts";
import { getMethod } from "../../methods/registry.ts";
import type { Network } from "../../networks/network.ts";
import type { HistoryEntry } from "./history-entry.ts";

type ReplayPlan =
  | { ok: true; network: Network; transport: HistoryEntry["transport"] }
  | { ok: false; message: string };

/**
 * What a replay needs: the entry's network (it must still exist, and be the same kind of chain)
 * and a request the method's form can hold. The key is the one the user has now for that network.
 */
export function replayPlan(entry: HistoryEntry, networks: readonly Network[]): ReplayPlan {
  const network = networks.find((n) => n.id === entry.network.id);
  if (!network) {
    return {
      ok: false,
      message: `The network "${entry.network.name}" of this entry no longer exists${
        entry.network.custom && entry.network.base_url
          ? ` (it was a custom network at ${entry.network.base_url}): add it again under Custom networks to replay`
          : ""
      }.`,
    };
  }
  if (network.kind !== entry.network.kind) {
    return {
      ok: false,
      message: `The network "${network.name}" is now a ${network.kind} network; this ${entry.method} request was for ${entry.network.kind}.`,
    };
  }
  // A body sent as written goes back into the editor as it was; the user sends it again.
  if (entry.sentAs) return { ok: true, network, transport: entry.transport };
  const def = getMethod(entry.method);
  if (!def) return { ok: false, message: `The method ${entry.method} is not one this playground sends.` };
  const parsed = readFormParams(entry.method, entry.params, network.kind);
  if (!parsed.ok) return { ok: false, message: `This entry cannot be replayed: ${parsed.message}` };
  return { ok: true, network, transport: entry.transport };
}
