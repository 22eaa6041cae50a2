/**
 * The well-known tokens of each catalog network (tokens.json: address, symbol, decimals), so that
 * ERC-20 amounts read "1,500.25 USDC". Read as written, like the catalog: tokens.test.ts checks the
 * file against tokens-schema.ts. A custom network has none.
 */
import tokensJson from "./tokens.json";

export type KnownToken = { address: string; symbol: string; decimals: number; name: string };

/** The tokens of every network that has a list, by network id. */
export const TOKENS: Readonly<Record<string, readonly KnownToken[]>> = tokensJson.networks;

const byNetwork = new Map<string, ReadonlyMap<string, KnownToken>>(
  Object.entries(TOKENS).map(([id, list]) => [id, new Map(list.map((t) => [t.address.toLowerCase(), t]))]),
);

/** The lookup of a network's known tokens by address (any case); finds nothing on other networks. */
export function tokensFor(networkId: string): (address: string) => KnownToken | undefined {
  const map = byNetwork.get(networkId);
  return (address) => map?.get(address.toLowerCase());
}
