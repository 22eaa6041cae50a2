import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { keccak256, stringToHex } from "viem";
import { loadOnce } from "../../chain/load-once.ts";
import { defaultValues } from "../../methods/form-values.ts";
import type { NetworkSample } from "../../methods/network-sample.ts";
import { getMethod } from "../../methods/registry.ts";
import { type Network, needsKey } from "../../networks/network.ts";
import { type Connection, internalCall } from "../../send/internal-request.ts";
import { SEEDED } from "../../state/draft-slice.ts";
import type { AppStore } from "../../state/store.ts";
import type { Current } from "../../state/useNetworks.ts";
import { documentFocus, type WritingFocus } from "./writing-focus.ts";

/** The last key's tag: the request panel asks for it on every render (keccak is ~0.5 ms a call at CPU 2x). */
let lastTag = { key: "", tag: "" };
/** Tells keys apart in the query key without holding the key itself. */
function keyTag(key: string): string {
  if (key !== lastTag.key) lastTag = { key, tag: key === "" ? "" : keccak256(stringToHex(key)).slice(2, 14) };
  return lastTag.tag;
}

type RemoteExamples = typeof import("./remote-examples.ts");
/** The code of a remote network's examples (remote-examples.ts), loaded once; a failed load is tried again. */
export const remoteExamples = loadOnce<RemoteExamples>(() => import("./remote-examples.ts"));

const SAMPLE_KEY = "network-sample";

/**
 * The network's sample, asked once per network (and address) and key: a handful of the app's own
 * requests (ids >= 1e9, never the history's), kept for the page's life.
 */
export function networkSampleQuery(conn: Connection) {
  const { network } = conn;
  return queryOptions({
    queryKey: [SAMPLE_KEY, network.id, network.kind, network.base_url, keyTag(conn.apiKey)] as const,
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

/**
 * The one step that puts examples into the draft (docs/decisions.md, examples exist on the chosen
 * network): the shown method's form, only while it still holds examples (draft `examplesFrom`),
 * never over the user's values. On the devnet (`local`) it gets the method's own (seeded) examples
 * back; on any other network the values of the network's sample, once TanStack Query holds it
 * (`useNetworkExamples` asks for it).
 */
function applySample({ state: s, network, apiKey }: Current, client: QueryClient): void {
  const def = getMethod(s.methodName);
  const mark = s.examplesFrom[s.methodName];
  if (!def || mark === undefined) return;
  const fill = s.draftActions.fillExamples;
  if (network.local) {
    if (mark !== SEEDED) fill(s.methodName, SEEDED, defaultValues(def));
    return;
  }
  if (needsKey(network) && apiKey === "") return;
  const conn = { network, apiKey, transport: s.transport, timeoutMs: s.timeoutMs };
  const sample = client.getQueryData(networkSampleQuery(conn).queryKey);
  // A sample was read with the remote examples' code: it is there.
  const code = remoteExamples.current();
  if (!sample || !code) return;
  const tag = sampleTag(network, sample);
  const values = code.sampleValues(s.methodName, sample);
  if (values && mark !== tag) fill(s.methodName, tag, values);
}

/**
 * The playground's draft follows the chosen network: its method list (`fitChain`: the network's
 * chain) and the examples its forms hold (`applySample`), when the user chooses a network, a key
 * or a method, and when a network's sample arrives. The draft changes here and by the user only;
 * an embed's form keeps the values its host chose. A sample that arrives while the user is in the
 * form or the body (`focus`) waits until the focus leaves them: it would replace the text under the
 * cursor, and a selection made to paste over it. One that arrives while a pointer is pressed waits
 * for its release and click: a press on Send sends the body it was aimed at. Returns the stop.
 */
export function followNetwork(
  store: AppStore,
  client: QueryClient,
  readCurrent: () => Current,
  focus: WritingFocus = documentFocus,
): () => void {
  const follow = () => {
    const { state, network } = readCurrent();
    state.draftActions.fitChain(network.kind);
    applySample(readCurrent(), client);
  };
  follow();
  const stopStore = store.subscribe((s, prev) => {
    if (
      s.selectedNetworkId !== prev.selectedNetworkId ||
      s.customNetworks !== prev.customNetworks ||
      s.keys !== prev.keys ||
      s.methodName !== prev.methodName ||
      s.examplesFrom !== prev.examplesFrom
    )
      follow();
  });
  const stopQueries = client.getQueryCache().subscribe((e) => {
    const arrived = e.type === "updated" && e.action.type === "success" && e.query.queryKey[0] === SAMPLE_KEY;
    if (arrived && !focus.now()) follow();
  });
  const stopFocus = focus.onLeave(follow);
  return () => {
    stopStore();
    stopQueries();
    stopFocus();
  };
}
