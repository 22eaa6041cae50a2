import { use, useMemo } from "react";
import type { NameContext } from "../../../chain/names.ts";
import { fulfilled } from "../../../components/ui/preloadable.tsx";
import type { Network } from "../../../networks/network.ts";
import { tokensFor } from "../../../networks/tokens.ts";
import { useAppStore } from "../../../state/AppStoreProvider.tsx";
import { userAbiLookup } from "../../../state/abis-slice.ts";

/**
 * What decoding looks up for an answer of `network`: the user's ABIs (they apply on any network:
 * an address names one contract per network, and the user chose it) and that network's known
 * tokens. The views call the decoders per visible row with it. Suspends until the stored ABIs are
 * read (the shell starts that in idle time and on Send), so no row is named without them first.
 */
export function useNames(network: Pick<Network, "id">): NameContext {
  useAbisLoaded();
  const abis = useAppStore((s) => s.userAbis);
  return useMemo(() => ({ userAbi: userAbiLookup(abis), token: tokensFor(network.id) }), [abis, network.id]);
}

/** Suspends (the nearest Suspense fallback) until the user's stored ABIs are read. */
export function useAbisLoaded(): void {
  const loaded = useAppStore((s) => s.abisLoaded);
  const load = useAppStore((s) => s.abiActions.load);
  // Called whether or not it waits: see useLoaded.
  use(loaded ? fulfilled(undefined) : load());
}
