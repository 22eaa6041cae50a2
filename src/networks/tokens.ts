/**
 * The well-known tokens of each catalog network (tokens.json: address, symbol, decimals), so that
 * ERC-20 amounts read "1,500.25 USDC". Validated when the module loads, like the catalog; a custom
 * network has none.
 */
import { getAddress, isAddress } from "viem/utils";
import { z } from "zod/mini";
import tokensJson from "./tokens.json";

const tokenSchema = z.object({
  address: z
    .string()
    .check(
      z.refine(
        (a) => isAddress(a, { strict: false }) && getAddress(a) === a,
        "a checksummed (EIP-55) address",
      ),
    ),
  symbol: z.string().check(z.regex(/^[A-Za-z0-9.$-]{1,11}$/, "1 to 11 letters, digits, '.', '$' or '-'")),
  decimals: z.number().check(z.int(), z.minimum(0), z.maximum(36)),
  name: z.string().check(z.minLength(1)),
});
type KnownToken = z.infer<typeof tokenSchema>;

export const tokensFileSchema = z.object({
  $comment: z.optional(z.string()),
  networks: z.record(z.string().check(z.minLength(1)), z.array(tokenSchema)),
});

/** The tokens of every network that has a list, by network id. */
export const TOKENS: Readonly<Record<string, readonly KnownToken[]>> =
  tokensFileSchema.parse(tokensJson).networks;

const byNetwork = new Map<string, ReadonlyMap<string, KnownToken>>(
  Object.entries(TOKENS).map(([id, list]) => [id, new Map(list.map((t) => [t.address.toLowerCase(), t]))]),
);

/** The lookup of a network's known tokens by address (any case); finds nothing on other networks. */
export function tokensFor(networkId: string): (address: string) => KnownToken | undefined {
  const map = byNetwork.get(networkId);
  return (address) => map?.get(address.toLowerCase());
}
