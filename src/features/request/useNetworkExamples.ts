import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { keccak256, stringToHex } from "viem";
import { useShallow } from "zustand/react/shallow";
import { loadOnce } from "../../chain/load-once.ts";
import { useLoadedWhen } from "../../components/ui/preloadable.tsx";
import { defaultValues } from "../../methods/form-values.ts";
import type { NetworkSample } from "../../methods/network-sample.ts";
import { getMethod } from "../../methods/registry.ts";
import type { MethodDef } from "../../methods/types.ts";
import type { KnownContract } from "../../networks/known-contracts.ts";
import { type Network, needsKey } from "../../networks/network.ts";
import { type Connection, internalCall } from "../../send/internal-request.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { SEEDED } from "../../state/draft-slice.ts";
import { useSelectedKey, useSelectedNetwork } from "../../state/useNetworks.ts";
import type { ExamplesState } from "./examples-note.ts";

/** Tells keys apart in the query key without holding the key itself. */
const keyTag = (key: string) => (key === "" ? "" : keccak256(stringToHex(key)).slice(2, 14));

type RemoteExamples = typeof import("./remote-examples.ts");
/** The code of a remote network's examples (remote-examples.ts), loaded once; a failed load is tried again. */
const remoteExamples = loadOnce<RemoteExamples>(() => import("./remote-examples.ts"));

/**
 * The network's sample, asked once per network (and address) and key: a handful of the app's own
 * requests (ids >= 1e9, never the history's), kept for the page's life.
 */
function networkSampleQuery(conn: Connection) {
  const { network } = conn;
  return queryOptions({
    queryKey: ["network-sample", network.id, network.kind, network.base_url, keyTag(conn.apiKey)] as const,
    queryFn: async ({ signal }): Promise<NetworkSample> => {
      const { deriveSample, knownContracts } = await remoteExamples.get();
      return deriveSample(internalCall(conn, signal), network.kind, { known: knownContracts(network.id) });
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 60_000,
    retry: false,
  });
}

/** The mark a network's sample leaves on a form it filled (draft `examplesFrom`). */
const sampleTag = (network: Network, sample: NetworkSample) => `${network.id} ${sample.block.number}`;

const NONE: readonly KnownContract[] = [];

type NetworkExamples = {
  /** Where the form's examples come from, for the note beside it. */
  state: ExamplesState;
  /** The method with the network's values as its completion examples (the editor's schema). */
  def: MethodDef | undefined;
  /** The network's well-known contracts (the slot calculator offers their mappings). */
  known: readonly KnownContract[];
};

/**
 * Examples that exist on the chosen network. On a network other than the devnet, a method's form
 * that still holds examples (draft `examplesFrom`) is filled from the network's sample; the user's
 * values (edits, links, replays) never are, and an edit made while the sample loads wins. On the
 * devnet (`local`), a form holding another network's examples gets the seeded ones back.
 */
export function useNetworkExamples(enabled: boolean): NetworkExamples {
  const network = useSelectedNetwork();
  const apiKey = useSelectedKey();
  const { methodName, mark, transport, timeoutMs, fill } = useAppStore(
    useShallow((s) => ({
      methodName: s.methodName,
      mark: s.examplesFrom[s.methodName],
      transport: s.transport,
      timeoutMs: s.timeoutMs,
      fill: s.draftActions.fillExamples,
    })),
  );
  const def = getMethod(methodName);
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

  useEffect(() => {
    if (!enabled || !def || !holdsExamples) return;
    if (network.local) {
      if (mark !== SEEDED) fill(methodName, SEEDED, defaultValues(def));
      return;
    }
    // A sample was read with the remote examples' code: it is there.
    if (!sample || !code) return;
    const tag = sampleTag(network, sample);
    const values = code.sampleValues(methodName, sample);
    if (values && mark !== tag) fill(methodName, tag, values);
  }, [enabled, def, holdsExamples, network, mark, sample, code, methodName, fill]);

  const exampleDef = useMemo(
    () => (def && remote && code ? code.withNetworkExamples(def, sample ?? null, known) : def),
    [def, remote, code, sample, known],
  );

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
  return { state, def: exampleDef, known };
}
