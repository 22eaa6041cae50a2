import { readFormRequest } from "../../methods/body-reading.ts";
import { registry as defaultRegistry, type Registry } from "../../methods/registry.ts";
import type { Network } from "../../networks/network.ts";
import type { Transport } from "../../rpc/transport.ts";
import { type Result, SHARE_PARAM, type SharedRequest, sharedNetwork } from "./share-link.ts";

/**
 * The address of a request: what is on screen, readable, never the key (docs/decisions.md).
 *
 *   ?network=ethereum-mainnet&transport=http&method=eth_getBlockByNumber&params=["0x10d4f",false]
 *
 * `params` is the body's params as URL-encoded JSON. A custom network is written by its public
 * fields: `network=custom&name=…&kind=evm|starknet&base_url=…&ws_url=…`, with `chain_id=…` and
 * `family=…` when it has them (its coin, types and explorer follow). `send=1` (for docs links)
 * sends once the request is filled in, if there is a key. Links of the older `?share=<base64url>`
 * format keep opening.
 */
const ADDRESS_KEYS = [
  "network",
  "name",
  "kind",
  "base_url",
  "ws_url",
  "chain_id",
  "family",
  "transport",
  "method",
  "params",
];
export const CUSTOM = "custom";
/** Longest address accepted (and produced): browsers and servers cut longer ones. */
export const MAX_ADDRESS_LENGTH = 8 * 1024;

/** Characters JSON uses that read better unescaped and that URLs allow in a query. */
const readable = (s: string) =>
  encodeURIComponent(s).replace(/%(5B|5D|2C|3A|7B|7D|22)/g, (m) => decodeURIComponent(m));

/** The query string (with `?`) of a request. */
export function requestSearch(r: SharedRequest, extra: { send?: boolean } = {}): string {
  const parts: [string, string][] = [];
  if (typeof r.network === "string") parts.push(["network", r.network]);
  else
    parts.push(
      ["network", CUSTOM],
      ["name", r.network.name],
      ["kind", r.network.kind],
      ["base_url", r.network.base_url],
      ["ws_url", r.network.ws_url],
      ...(r.network.chainId !== undefined
        ? [["chain_id", String(r.network.chainId)] as [string, string]]
        : []),
      ...(r.network.family ? [["family", r.network.family] as [string, string]] : []),
    );
  parts.push(["transport", r.transport], ["method", r.method], ["params", JSON.stringify(r.params)]);
  if (extra.send) parts.push(["send", "1"]);
  return `?${parts.map(([k, v]) => `${k}=${readable(v)}`).join("&")}`;
}

/** The address of the request in the editor's body on this network and transport, or why there is none. */
export function addressForBody(
  base: string,
  network: Network,
  bodyText: string,
  transport: Transport,
  registry: Registry = defaultRegistry,
): Result<string> {
  if (bodyText.trimStart().startsWith("["))
    return {
      ok: false,
      message:
        "A batch cannot be shared as a link (links hold one request): copy its body, or a snippet, instead.",
    };
  const parsed = readFormRequest(bodyText, network.kind, registry);
  if (!parsed.ok) return { ok: false, message: `Nothing to share yet: ${parsed.message}` };
  const { params } = JSON.parse(bodyText) as { params: SharedRequest["params"] };
  const search = requestSearch({ network: sharedNetwork(network), method: parsed.method, params, transport });
  const url = new URL(base);
  url.search = "";
  url.hash = "";
  const full = `${url.toString().replace(/\?$/, "")}${search}`;
  if (full.length > MAX_ADDRESS_LENGTH)
    return {
      ok: false,
      message: `This request is too large for a link (${(full.length / 1024).toFixed(1)} KB; links hold at most ${MAX_ADDRESS_LENGTH / 1024} KB). Make the params shorter, or share the body as text.`,
    };
  return { ok: true, value: full };
}

/** The address without the request (and without `send`), the rest of the query and the hash kept. */
export function withoutRequest(href: string): string {
  const url = new URL(href);
  for (const k of [...ADDRESS_KEYS, "send", SHARE_PARAM]) url.searchParams.delete(k);
  return url.toString();
}
