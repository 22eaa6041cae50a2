import { useCallback } from "react";
import { transportLabel } from "../../rpc/transport.ts";
import { useOpenRequest } from "../../send/open-request.ts";
import { useReadCurrent } from "../../state/useNetworks.ts";
import type { HistoryEntry } from "./history-entry.ts";
import { replayPlan } from "./history-replay.ts";

export type ReplayOutcome = { ok: boolean; message: string };

/**
 * Replays an entry: selects its network and transport, then fills the method's form with its
 * params and sends it (the key is the one the user has now for that network).
 */
export function useReplay(): (entry: HistoryEntry) => ReplayOutcome {
  const open = useOpenRequest();
  const readCurrent = useReadCurrent();
  return useCallback(
    (entry) => {
      const { state: s, networks } = readCurrent();
      const plan = replayPlan(entry, networks);
      if (!plan.ok) return { ok: false, message: plan.message };
      if (!open) return { ok: false, message: "Replay works in the playground only." };
      s.networkActions.select(plan.network.id);
      s.settingsActions.setTransport(plan.transport);
      if (entry.sentAs) {
        // Sent as written (a batch, a body with problems): back in the editor, byte for byte, not sent.
        s.draftActions.setBodyText(entry.sentAs.text);
        return {
          ok: true,
          message: `Its body, as it was sent, is back in the editor on ${plan.network.name} over ${transportLabel(plan.transport)}: Send (or Send anyway) to send it again.`,
        };
      }
      open(entry.method, entry.params);
      return {
        ok: true,
        message: `Sent ${entry.method} again on ${plan.network.name} over ${transportLabel(plan.transport)}: its answer is under Response.`,
      };
    },
    [open, readCurrent],
  );
}
