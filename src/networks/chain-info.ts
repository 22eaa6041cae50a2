/**
 * A network's chain profile (`chain/chain-profile.ts`): its family, native coin and explorer, as
 * the catalog says. A custom network gets them from the catalog network with its chain id; one
 * without a chain id gets the family the user chose (or Ethereum's) and "native coin", not a guess.
 */
import { type ChainProfile, ETH, type Explorer, type NativeCurrency } from "../chain/chain-profile.ts";
import { familyOf } from "../chain/families/index.ts";
import type { Network } from "./network.ts";
import { provider } from "./provider.ts";

type Profiled = Pick<
  Network,
  "id" | "kind" | "chainId" | "family" | "nativeCurrency" | "explorer" | "custom"
>;

const STRK: NativeCurrency = { symbol: "STRK", decimals: 18 };

/** The catalog network a chain id belongs to (the first listed), or undefined. */
function catalogChain(
  chainId: number | undefined,
  catalog: readonly Network[] = provider().networks,
): Network | undefined {
  return chainId === undefined ? undefined : catalog.find((n) => n.chainId === chainId && !n.local);
}

/** Profiles by what makes them: the same network always gets the same object (decoders cache per profile). */
const made = new Map<string, ChainProfile>();

/** The chain profile of a network, catalog or custom. */
export function chainProfileOf(
  network: Profiled,
  catalog: readonly Network[] = provider().networks,
): ChainProfile {
  const known = network.custom ? catalogChain(network.chainId, catalog) : undefined;
  const familyId =
    network.family ?? known?.family ?? (network.kind === "starknet" ? "starknet" : undefined) ?? "ethereum";
  let currency: NativeCurrency | null = network.nativeCurrency ?? known?.nativeCurrency ?? null;
  if (currency === null && !network.custom) currency = network.kind === "starknet" ? STRK : ETH;
  const explorer: Explorer | null = network.explorer ?? known?.explorer ?? null;
  const key = JSON.stringify([familyId, currency, explorer]);
  let profile = made.get(key);
  if (!profile) {
    profile = { family: familyOf(familyId), currency, explorer };
    made.set(key, profile);
  }
  return profile;
}
