/**
 * The rules a network follows, as a zod schema: the custom networks' editor and share links check
 * what a user (or a link) gives with it, and network.test.ts checks the bundled catalog. Not part
 * of the first screen (zod loads with those), so network.ts writes the type out and the compiler
 * checks below that the two agree.
 */
import { z } from "zod/mini";
import { FAMILY_IDS } from "../chain/families/types.ts";
import { type CustomNetworkDraft, type DraftErrors, type Network, parseChainId } from "./network.ts";

const httpUrl = z.string().check(
  z.trim(),
  z.url("Enter a full address, such as https://mainnet.infura.io."),
  z.refine((u) => /^https?:\/\//i.test(u), "The HTTP address must start with http:// or https://."),
);
const wsUrl = z.string().check(
  z.trim(),
  z.url("Enter a full address, such as wss://mainnet.infura.io."),
  z.refine((u) => /^wss?:\/\//i.test(u), "The WebSocket address must start with ws:// or wss://."),
);
const noKeyInUrl = (u: string) => !/\/v3\/[^/]+/.test(u);

export const networkSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.trim(), z.minLength(1, "Give the network a name.")),
  kind: z.enum(["evm", "starknet"]),
  base_url: httpUrl.check(
    z.refine(noKeyInUrl, "Leave out /v3/<key>: the app adds the path and the key itself."),
  ),
  ws_url: wsUrl.check(
    z.refine(noKeyInUrl, "Leave out /ws/v3/<key>: the app adds the path and the key itself."),
  ),
  chainId: z.optional(z.number().check(z.int(), z.positive())),
  keyGroup: z.string().check(z.minLength(1)),
  testnet: z.optional(z.boolean()),
  local: z.optional(z.boolean()),
  custom: z.optional(z.boolean()),
  fromLink: z.optional(z.boolean()),
  noKey: z.optional(z.boolean()),
  family: z.optional(z.enum(FAMILY_IDS)),
  nativeCurrency: z.optional(
    z.object({
      symbol: z.string().check(z.minLength(1), z.maxLength(12)),
      decimals: z.number().check(z.int(), z.nonnegative(), z.lte(36)),
    }),
  ),
  explorer: z.optional(
    z.object({
      name: z.string().check(z.minLength(1)),
      url: z
        .string()
        .check(z.refine((u) => /^https:\/\//.test(u), "An explorer's address starts with https://.")),
      block: z.optional(z.string()),
      tx: z.optional(z.string()),
      address: z.optional(z.string()),
    }),
  ),
});

// The schema's type and network.ts's are the same, both ways (a field added to one only fails here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameType: Same<z.infer<typeof networkSchema>, Network> = true;
void sameType;

/** Validates a user's custom network; errors are keyed by field for inline messages. */
export function parseCustomNetwork(
  draft: CustomNetworkDraft,
  id: string,
): { ok: true; network: Network } | { ok: false; errors: DraftErrors } {
  const { noKey, chainId: chainIdText, family, ...fields } = draft;
  const chainId = parseChainId(chainIdText);
  if (!chainId.ok) {
    const rest = parseCustomNetwork({ ...draft, chainId: "" }, id);
    const message = "A chain id is a whole number (137) or hex (0x89); leave it empty if you do not know it.";
    return { ok: false, errors: { ...(rest.ok ? {} : rest.errors), chainId: message } };
  }
  const parsed = networkSchema.safeParse({
    ...fields,
    ...(noKey ? { noKey: true } : {}),
    ...(chainId.value !== undefined ? { chainId: chainId.value } : {}),
    ...(family ? { family } : {}),
    id,
    keyGroup: `custom:${id}`,
    custom: true,
  });
  if (parsed.success) return { ok: true, network: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "name" || field === "kind" || field === "base_url" || field === "ws_url") {
      errors[field] ??= issue.message;
    }
  }
  return { ok: false, errors };
}
