import { z } from "zod/mini";
import { FAMILY_IDS } from "../chain/families/types.ts";
import catalogJson from "./catalog.json";

export type ChainKind = "evm" | "starknet";

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
  /** A custom network whose node takes no key: Send goes out without one. */
  noKey: z.optional(z.boolean()),
  /** Whose transaction types and fields the views use (`src/chain/families/`). */
  family: z.optional(z.enum(FAMILY_IDS)),
  /** The coin amounts are shown in. */
  nativeCurrency: z.optional(
    z.object({
      symbol: z.string().check(z.minLength(1), z.maxLength(12)),
      decimals: z.number().check(z.int(), z.nonnegative(), z.lte(36)),
    }),
  ),
  /** Where a block, transaction or address opens; paths default to /block/{}, /tx/{}, /address/{}. */
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

export type Network = z.infer<typeof networkSchema>;

export const CATALOG: readonly Network[] = z.array(networkSchema).parse(catalogJson.networks);

export const DEFAULT_NETWORK_ID = "devnet";

/** What the devnet serves at /devnet.json (see devnet/devnet.ts `DevnetAppConfig`). */
export const devnetConfigSchema = z.object({
  evm: z.object({ httpUrl: z.string(), wsUrl: z.string() }),
  starknet: z.object({ httpUrl: z.string(), wsUrl: z.string() }),
  key: z.string(),
});
export type DevnetConfig = z.infer<typeof devnetConfigSchema>;

/** The catalog with the local devnet's addresses replaced by where it really listens. */
export function withDevnet(catalog: readonly Network[], devnet: DevnetConfig | undefined): Network[] {
  if (!devnet) return [...catalog];
  return catalog.map((n) => {
    if (n.id === "devnet") return { ...n, base_url: devnet.evm.httpUrl, ws_url: devnet.evm.wsUrl };
    if (n.id === "devnet-starknet")
      return { ...n, base_url: devnet.starknet.httpUrl, ws_url: devnet.starknet.wsUrl };
    return n;
  });
}

const trimSlash = (u: string) => u.replace(/\/+$/, "");

/** `{base_url}/v3/<API_KEY>`: the key is a path segment, as the service's spec says. */
export function httpEndpoint(network: Pick<Network, "base_url">, key: string): string {
  return `${trimSlash(network.base_url)}/v3/${encodeURIComponent(key)}`;
}

/** `{ws_url}/ws/v3/<API_KEY>`. */
export function wsEndpoint(network: Pick<Network, "ws_url">, key: string): string {
  return `${trimSlash(network.ws_url)}/ws/v3/${encodeURIComponent(key)}`;
}

/** The WebSocket address that goes with an HTTP one (the form fills it in as a suggestion). */
export function suggestWsUrl(base: string): string {
  return base.replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`);
}

export type CustomNetworkDraft = {
  name: string;
  kind: ChainKind;
  base_url: string;
  ws_url: string;
  noKey?: boolean;
  /** Optional: the chain id, as typed (decimal or 0x hex); a catalog chain's id brings its family and coin. */
  chainId?: string;
  /** Optional: the chain family, when the chain id does not tell it (`""`: from the chain id). */
  family?: string;
};

/** Catalog networks take a key (the devnet's comes with its config); a custom one unless marked "no key". */
export function needsKey(network: Pick<Network, "noKey">): boolean {
  return network.noKey !== true;
}
export type DraftErrors = Partial<Record<keyof CustomNetworkDraft, string>>;

/** A typed chain id: decimal or 0x hex, a positive safe integer; undefined when empty. */
export function parseChainId(
  text: string | undefined,
): { ok: true; value: number | undefined } | { ok: false } {
  const t = (text ?? "").trim();
  if (t === "") return { ok: true, value: undefined };
  const n = /^0x[0-9a-f]+$/i.test(t) ? Number.parseInt(t, 16) : /^[0-9]+$/.test(t) ? Number(t) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? { ok: true, value: n } : { ok: false };
}

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
