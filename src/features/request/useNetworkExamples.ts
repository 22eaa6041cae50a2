import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { useLoadedWhen } from "../../components/ui/preloadable.tsx";
import { methodsForChain } from "../../methods/registry.ts";
import type { MethodDef } from "../../methods/types.ts";
import type { KnownContract } from "../../networks/known-contracts.ts";
import { needsKey } from "../../networks/network.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { useSelectedKey, useSelectedNetwork } from "../../state/useNetworks.ts";
import { networkSampleQuery, remoteExamples } from "./apply-sample.ts";
import type { ExamplesState } from "./examples-note.ts";

const NONE: readonly KnownContract[] = [];

type NetworkExamples = {
  /** Where the form's examples come from, for the note beside it. */
  state: ExamplesState;
  /** The chain's methods with the network's values as their completion examples (the editor's schema). */
  methods: readonly MethodDef[];
  /** The network's well-known contracts (the slot calculator offers their mappings). */
  known: readonly KnownContract[];
};

/**
 * Examples that exist on the chosen network. On a network other than the devnet, while the shown
 * method's form still holds examples (draft `examplesFrom`), the network's sample is asked for;
 * `applySample` (apply-sample.ts) puts its values into the form, never over the user's values (an
 * edit made while the sample loads wins). This reads it for the note beside the form and for the
 * editor's completion examples; it changes nothing of the draft.
 */
export function useNetworkExamples(enabled: boolean): NetworkExamples {
  const network = useSelectedNetwork();
  const apiKey = useSelectedKey();
  const { methodName, mark, transport, timeoutMs } = useAppStore(
    useShallow((s) => ({
      methodName: s.methodName,
      mark: s.examplesFrom[s.methodName],
      transport: s.transport,
      timeoutMs: s.timeoutMs,
    })),
  );
  const remote = enabled && network.local !== true;
  const noKey = remote && needsKey(network) && apiKey === "";
  // The code of remote examples (and the known contracts' data) loads when such a network is chosen.
  const code = useLoadedWhen(remoteExamples, remote);
  const known = useMemo(
    () => (remote && code ? code.knownContracts(network.id) : NONE),
    [remote, code, network.id],
  );
  const holdsExamples = mark !== undefined;
  const query = useQuery({
    ...networkSampleQuery({ network, apiKey, transport, timeoutMs }),
    enabled: remote && !noKey && holdsExamples,
  });
  const sample = remote && !noKey ? query.data : undefined;

  const methods = useMemo(() => {
    const list = methodsForChain(network.kind);
    return remote && code ? list.map((d) => code.withNetworkExamples(d, sample ?? null, known)) : list;
  }, [network.kind, remote, code, sample, known]);

  let state: ExamplesState = { status: "off" };
  if (remote && holdsExamples) {
    if (noKey) state = { status: "no-key", network: network.name };
    else if (sample)
      state = {
        status: "ready",
        network: network.name,
        sample,
        askedAt: query.dataUpdatedAt,
        method: methodName,
        fits: code?.sampleValues(methodName, sample) !== null,
      };
    else if (query.isError) state = { status: "error", network: network.name, error: query.error };
    else state = { status: "loading", network: network.name };
  }
  return { state, methods, known };
}
