import { useMemo } from "react";
import type { ChainProfile } from "../../../chain/chain-profile.ts";
import { chainProfileOf } from "../../../networks/chain-info.ts";
import type { Network } from "../../../networks/network.ts";

/** The chain profile (family, native coin, explorer) of the network an answer came from. */
export function useChainProfile(network: Network): ChainProfile {
  return useMemo(() => chainProfileOf(network), [network]);
}
