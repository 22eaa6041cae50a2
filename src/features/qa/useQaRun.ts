import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { methodsForChain } from "../../methods/registry.ts";
import type { Network } from "../../networks/network.ts";
import { sendOnce } from "../../send/useSendRequest.ts";
import type { Transport } from "../../state/settings-slice.ts";
import { redactKeys } from "./qa-redact.ts";
import { type QaRun, type QaTarget, runQa } from "./qa-run.ts";

/** One target as the panel chose it. The key lives here, in memory, for the run only. */
export type RunTarget = {
  id: string;
  network: Network;
  apiKey: string;
  keySource: QaTarget["keySource"];
};

type RunSettings = {
  targets: RunTarget[];
  timeoutMs: number;
  transports: Transport[];
  repeats: number;
  txBound: number;
};

/**
 * The QA run as a mutation: the run shown as it goes (`live`), then its result. The keys go only
 * into each target's sender; whatever comes back (answers, failures) is scrubbed of every key of
 * the run before it is kept. `cancel` aborts the run under way; what was done stays.
 */
export function useQaRun() {
  const [live, setLive] = useState<QaRun | null>(null);
  const controller = useRef<AbortController | null>(null);
  const run = useMutation({
    mutationKey: ["qa-run"],
    mutationFn: async (settings: RunSettings): Promise<QaRun> => {
      const own = new AbortController();
      controller.current = own;
      const keys = settings.targets.map((t) => t.apiKey);
      setLive(null);
      const targets: QaTarget[] = settings.targets.map((t) => ({
        id: t.id,
        network: t.network,
        keySource: t.keySource,
        send: (body, transport) =>
          sendOnce(
            { network: t.network, apiKey: t.apiKey, transport, body, timeoutMs: settings.timeoutMs },
            own.signal,
          ),
      }));
      try {
        const result = await runQa(targets, {
          transports: settings.transports,
          repeats: settings.repeats,
          txBound: settings.txBound,
          methods: methodsForChain,
          signal: own.signal,
          onUpdate: (r) => {
            if (controller.current === own) setLive(redactKeys(r, keys));
          },
        });
        return redactKeys(result, keys);
      } finally {
        if (controller.current === own) controller.current = null;
      }
    },
  });
  return { run, live: run.data ?? live, cancel: () => controller.current?.abort() };
}
