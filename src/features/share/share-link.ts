import type { Network } from "../../networks/network.ts";
import type { Transport } from "../../state/settings-slice.ts";

/**
 * Share links: a request (network, method, params, transport) in the address, never the key.
 *
 *   ?share=<base64url of compact JSON>
 *   {"v":1,"network":"<catalog id>" | {"name","kind","base_url","ws_url"},"method":"…","params":…,"transport":"http"|"ws"}
 *
 * This module writes them (on the first screen: no zod); read-address.ts reads them, strictly and
 * all-or-nothing: a link either yields a request to load, or a message saying what is wrong with
 * it; nothing is applied from a link that is wrong in any part.
 */

export const SHARE_PARAM = "share";
export const SHARE_VERSION = 1;
/** Longest `share` value accepted (and produced): 8 KB. */
export const MAX_SHARE_LENGTH = 8 * 1024;

type SharedCustomNetwork = Pick<Network, "name" | "kind" | "base_url" | "ws_url" | "chainId" | "family">;

/** A custom network's chain id and family, when it has them (they name its coin, types and explorer). */
export function chainOf(n: Pick<Network, "chainId" | "family">): Pick<Network, "chainId" | "family"> {
  return {
    ...(n.chainId !== undefined ? { chainId: n.chainId } : {}),
    ...(n.family ? { family: n.family } : {}),
  };
}
export type SharedRequest = {
  /** A catalog network by id, or a custom network by its addresses. */
  network: string | SharedCustomNetwork;
  method: string;
  params: unknown[] | Record<string, unknown>;
  transport: Transport;
};

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

// ---- base64url of UTF-8 -------------------------------------------------------------------

export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(value: string): Result<string> {
  if (!/^[A-Za-z0-9_-]*$/.test(value))
    return {
      ok: false,
      message: "it holds characters a share link never has, so it was changed after it was made",
    };
  if (value.length % 4 === 1) return { ok: false, message: "it is cut short" };
  const padded = value.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (value.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return { ok: false, message: "it is not valid base64url" };
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  try {
    return { ok: true, value: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: "it does not decode to text, so it was cut short or changed" };
  }
}

// ---- encoding -----------------------------------------------------------------------------

/** What a link says about a network: a catalog id, or a custom network's addresses (never its key). */
export function sharedNetwork(network: Network): string | SharedCustomNetwork {
  if (!network.custom) return network.id;
  return {
    name: network.name,
    kind: network.kind,
    base_url: network.base_url,
    ws_url: network.ws_url,
    ...chainOf(network),
  };
}

/** The `share` value of a request. */
export function encodeShare(request: SharedRequest): string {
  const payload = {
    v: SHARE_VERSION,
    network: request.network,
    method: request.method,
    params: request.params,
    transport: request.transport,
  };
  return toBase64Url(JSON.stringify(payload));
}

/** The full link: `base` (the playground's address) with `?share=…`; refused when too long. */
export function shareUrl(base: string, request: SharedRequest): Result<string> {
  const value = encodeShare(request);
  if (value.length > MAX_SHARE_LENGTH)
    return {
      ok: false,
      message: `This request is too large for a link (${kb(value.length)} KB encoded; links hold at most ${MAX_SHARE_LENGTH / 1024} KB). Make the params shorter, or share the body as text.`,
    };
  const url = new URL(base);
  url.search = "";
  url.hash = "";
  url.searchParams.set(SHARE_PARAM, value);
  return { ok: true, value: url.toString() };
}

export const kb = (n: number) => (n / 1024).toFixed(1);
