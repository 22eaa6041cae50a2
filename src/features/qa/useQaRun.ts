import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { methodsForChain } from "../../methods/registry.ts";
import type { Network } from "../../networks/network.ts";
import { sendOnce } from "../../send/useSendRequest.ts";
import type { Transport } from "../../state/settings-slice.ts";
import { type QaRow, type QaRun, runIntegrity, runQa, type Send } from "./qa-run.ts";

type Options = {
  network: Network;
  apiKey: string;
  timeoutMs: number;
  transports: Transport[];
  /** The block of the receipts check (EVM networks). */
  block: string;
};

/**
 * The QA run as a mutation: every method once on each transport, rows shown as they come
 * (`live`), then the receipts check. `cancel` aborts the run under way.
 */
export function useQaRun(options: Options) {
  const [live, setLive] = useState<QaRow[]>([]);
  const controller = useRef<AbortController | null>(null);
  const run = useMutation({
    mutationKey: ["qa-run"],
    mutationFn: async (): Promise<QaRun> => {
      const { network, apiKey, timeoutMs, transports, block } = options;
      setLive([]);
      const own = new AbortController();
      controller.current = own;
      const send: Send = (body, t) =>
        sendOnce({ network, apiKey, transport: t, body, timeoutMs }, own.signal);
      const startedAt = new Date().toISOString();
      const rows = await runQa(
        methodsForChain(network.kind),
        transports,
        send,
        (row) => setLive((prev) => [...prev, row]),
        own.signal,
      );
      const integrity =
        network.kind === "evm" && !own.signal.aborted
          ? await runIntegrity(block, transports[0] ?? "http", send)
          : null;
      return {
        network: { id: network.id, name: network.name, kind: network.kind },
        transports,
        startedAt,
        rows,
        integrity,
      };
    },
  });
  return { run, live, cancel: () => controller.current?.abort() };
}
