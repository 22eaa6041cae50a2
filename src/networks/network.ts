import type { FamilyId } from "../chain/families/types.ts";
import { isRecord } from "../chain/record.ts";
import catalogJson from "./catalog.json";

export type ChainKind = "evm" | "starknet";

/**
 * A network: a catalog entry (src/networks/catalog.json) or the user's own. The rules a network must
 * follow (addresses, chain id, coin, explorer) are `networkSchema` (network-schema.ts): the editor of
 * custom networks and share links check with it, a test checks the catalog, and the compiler that
 * this type is the schema's.
 */
export type Network = {
  id: string;
  name: string;
  kind: ChainKind;
  base_url: string;
  ws_url: string;
  chainId?: number | undefined;
  keyGroup: string;
  testnet?: boolean | undefined;
  local?: boolean | undefined;
  custom?: boolean | undefined;
  fromLink?: boolean | undefined;
  /** A custom network whose node takes no key: Send goes out without one. */
  noKey?: boolean | undefined;
  /** Whose transaction types and fields the views use (`src/chain/families/`). */
  family?: FamilyId | undefined;
  /** The coin amounts are shown in. */
  nativeCurrency?: { symbol: string; decimals: number } | undefined;
  /** Where a block, transaction or address opens; paths default to /block/{}, /tx/{}, /address/{}. */
  explorer?:
    | {
        name: string;
        url: string;
        block?: string | undefined;
        tx?: string | undefined;
        address?: string | undefined;
      }
    | undefined;
};

/** The bundled catalog, as written (network.test.ts checks every entry against networkSchema). */
export const CATALOG = catalogJson.networks as readonly Network[];

export const DEFAULT_NETWORK_ID = "devnet";

/** What the devnet serves at /devnet.json (see devnet/devnet.ts `DevnetAppConfig`). */
export type DevnetConfig = {
  evm: { httpUrl: string; wsUrl: string };
  starknet: { httpUrl: string; wsUrl: string };
  key: string;
};

/** `text` when it is an absolute address with one of `schemes` ("http:"), else undefined. */
function addressOf(text: unknown, schemes: readonly string[]): string | undefined {
  if (typeof text !== "string" || text.length > 2048) return undefined;
  try {
    return schemes.includes(new URL(text).protocol) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Where one chain of the devnet listens: an http(s) address and a ws(s) one, nothing else. */
const addresses = (v: unknown) => {
  if (!isRecord(v)) return undefined;
  const httpUrl = addressOf(v.httpUrl, ["http:", "https:"]);
  const wsUrl = addressOf(v.wsUrl, ["ws:", "wss:"]);
  return httpUrl && wsUrl ? { httpUrl, wsUrl } : undefined;
};

/** A devnet config read from outside (the page, /devnet.json), or undefined when it is not one. */
export function readDevnetConfig(v: unknown): DevnetConfig | undefined {
  if (!isRecord(v) || typeof v.key !== "string" || v.key.length > 512) return undefined;
  const evm = addresses(v.evm);
  const starknet = addresses(v.starknet);
  return evm && starknet ? { evm, starknet, key: v.key } : undefined;
}

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

/** An address without surrounding spaces and trailing slashes (two spellings of one address compare equal). */
export const trimSlash = (u: string) => u.trim().replace(/\/+$/, "");

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
