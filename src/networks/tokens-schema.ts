/**
 * The rules tokens.json follows, as a zod schema: tokens.test.ts checks the bundled file with it
 * (checksummed addresses, symbols, decimals). tokens.ts reads the file as written, so no page
 * pays for the check (it was a parse with a keccak per address when the views' code loaded).
 */
import { getAddress, isAddress } from "viem/utils";
import { z } from "zod/mini";
import type { KnownToken } from "./tokens.ts";

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

export const tokensFileSchema = z.object({
  $comment: z.optional(z.string()),
  networks: z.record(z.string().check(z.minLength(1)), z.array(tokenSchema)),
});

// The compiler checks that the type tokens.ts writes out and the schema's agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree: Same<z.infer<typeof tokenSchema>, KnownToken> = true;
void agree;
