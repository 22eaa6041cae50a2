import { z } from "zod/mini";
import { FAMILY_IDS } from "../../chain/families/types.ts";
import { readFormParams } from "../../methods/body-reading.ts";
import { registry as defaultRegistry, type Registry } from "../../methods/registry.ts";
import { type ChainKind, type Network, networkSchema } from "../../networks/network.ts";
import type { Transport } from "../../state/settings-slice.ts";

/**
 * Share links: a request (network, method, params, transport) in the address, never the key.
 *
 *   ?share=<base64url of compact JSON>
 *   {"v":1,"network":"<catalog id>" | {"name","kind","base_url","ws_url"},"method":"…","params":…,"transport":"http"|"ws"}
 *
 * Decoding is strict and all-or-nothing: a link either yields a request to load, or a message
 * saying what is wrong with it; nothing is applied from a link that is wrong in any part.
 */

export const SHARE_PARAM = "share";
const SHARE_VERSION = 1;
/** Longest `share` value accepted (and produced): 8 KB. */
export const MAX_SHARE_LENGTH = 8 * 1024;

type SharedCustomNetwork = Pick<Network, "name" | "kind" | "base_url" | "ws_url" | "chainId" | "family">;

/** A custom network's chain id and family, when it has them (they name its coin, types and explorer). */
function chainOf(n: Pick<Network, "chainId" | "family">): Pick<Network, "chainId" | "family"> {
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

const trimSlash = (u: string) => u.trim().replace(/\/+$/, "");

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

const hasUserInfo = (u: string) => {
  const url = new URL(u);
  return url.username !== "" || url.password !== "";
};

const kb = (n: number) => (n / 1024).toFixed(1);

// ---- decoding -----------------------------------------------------------------------------

const customNetworkSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  kind: z.enum(["evm", "starknet"]),
  base_url: z.string().check(z.maxLength(2048)),
  ws_url: z.string().check(z.maxLength(2048)),
  chainId: z.optional(z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER))),
  family: z.optional(z.enum(FAMILY_IDS)),
});

const payloadSchema = z.strictObject({
  v: z.literal(SHARE_VERSION),
  network: z.union([z.string().check(z.minLength(1), z.maxLength(100)), customNetworkSchema]),
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  transport: z.enum(["http", "ws"]),
});

const FIELD_NAMES: Record<string, string> = {
  v: "version",
  network: "network",
  method: "method",
  params: "params",
  transport: "transport (http or ws)",
};

/** The request a `share` value holds, or why it holds none. Checks the form only, not the names. */
export function decodeShare(value: string): Result<SharedRequest> {
  if (value.length > MAX_SHARE_LENGTH)
    return {
      ok: false,
      message: `The share link is too long (${kb(value.length)} KB; links hold at most ${MAX_SHARE_LENGTH / 1024} KB), so it was not opened.`,
    };
  if (value === "") return { ok: false, message: "The share link is empty: the link was cut short." };
  const text = fromBase64Url(value);
  if (!text.ok) return { ok: false, message: `The share link is damaged: ${text.message}.` };
  let json: unknown;
  try {
    json = JSON.parse(text.value);
  } catch {
    return {
      ok: false,
      message: "The share link is damaged: it was cut short or changed after it was made.",
    };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return { ok: false, message: "The share link is damaged: it does not hold a request." };
  const version = (json as { v?: unknown }).v;
  if (typeof version !== "number")
    return { ok: false, message: "The share link is damaged: it has no format version." };
  if (version !== SHARE_VERSION)
    return {
      ok: false,
      message:
        `The share link has format version ${version}; this playground reads version ${SHARE_VERSION}. ${version > SHARE_VERSION ? "It was made by a newer playground." : ""}`.trim(),
    };
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const what =
      issue?.code === "unrecognized_keys"
        ? `it holds fields a share link does not have (${issue.keys.join(", ")})`
        : `its ${typeof field === "string" ? (FIELD_NAMES[field] ?? field) : "content"} is missing or malformed`;
    return { ok: false, message: `The share link is damaged: ${what}.` };
  }
  const p = parsed.data;
  return {
    ok: true,
    value: {
      network:
        typeof p.network === "string"
          ? p.network
          : {
              name: p.network.name,
              kind: p.network.kind,
              base_url: p.network.base_url,
              ws_url: p.network.ws_url,
              ...chainOf(p.network),
            },
      method: p.method,
      params: p.params,
      transport: p.transport,
    },
  };
}

/** What to do with a valid link: which network (and whether to add it), then the request. */
export type SharePlan = {
  network: Network;
  /** A custom network from the link that the user does not have yet: add it. */
  add: boolean;
  method: string;
  params: unknown[] | Record<string, unknown>;
  transport: Transport;
};

export type ResolveContext = {
  /** Every network the app has now: the catalog and the user's custom ones. */
  networks: readonly Network[];
  /** An id for a custom network the link adds. */
  newId(): string;
  registry?: Registry;
};

/** "a Starknet …" / "an EVM …". */
const aChain = (c: ChainKind) => (c === "starknet" ? "a Starknet" : "an EVM");

/** Checks a decoded link against what this app knows: the network, the method and its params. */
export function resolveShare(request: SharedRequest, ctx: ResolveContext): Result<SharePlan> {
  const registry = ctx.registry ?? defaultRegistry;
  let network: Network;
  let add = false;
  if (typeof request.network === "string") {
    const id = request.network;
    const found = ctx.networks.find((n) => n.id === id && !n.custom);
    if (!found)
      return {
        ok: false,
        message: `The share link names a network this playground does not know (${JSON.stringify(id.slice(0, 60))}).`,
      };
    network = found;
  } else {
    const shared = request.network;
    const same = ctx.networks.find(
      (n) =>
        n.custom &&
        n.kind === shared.kind &&
        trimSlash(n.base_url) === trimSlash(shared.base_url) &&
        trimSlash(n.ws_url) === trimSlash(shared.ws_url),
    );
    if (same) network = same;
    else {
      const id = ctx.newId();
      const checked = networkSchema.safeParse({
        ...shared,
        id,
        keyGroup: `custom:${id}`,
        custom: true,
        fromLink: true,
      });
      if (!checked.success)
        return {
          ok: false,
          message: `The share link's custom network "${shared.name}" was not added: ${checked.error.issues[0]?.message ?? "its addresses are not valid"}`,
        };
      if ([checked.data.base_url, checked.data.ws_url].some(hasUserInfo))
        return {
          ok: false,
          message: `The share link's custom network "${shared.name}" was not added: its address carries a user name or password.`,
        };
      network = checked.data;
      add = true;
    }
  }
  const def = registry.get(request.method);
  if (!def) {
    const names = registry.forChain(network.kind).map((m) => m.name);
    return {
      ok: false,
      message: `The share link asks for ${JSON.stringify(request.method.slice(0, 60))}, which this playground does not offer (it offers ${names.join(", ")}).`,
    };
  }
  if (def.chain !== network.kind)
    return {
      ok: false,
      message: `The share link asks for ${def.name}, ${aChain(def.chain)} method, on ${network.name}, ${aChain(network.kind)} network.`,
    };
  const body = readFormParams(def.name, request.params, network.kind, registry);
  if (!body.ok) return { ok: false, message: `The share link's params are refused: ${body.message}` };
  return {
    ok: true,
    value: { network, add, method: def.name, params: request.params, transport: request.transport },
  };
}

type ShareLinkRead = { kind: "none" } | { kind: "bad"; message: string } | { kind: "ok"; plan: SharePlan };

/** Reads the address's query string: no link, a bad link (why), or a plan to apply. */
export function readShareLink(search: string, ctx: ResolveContext): ShareLinkRead {
  const params = new URLSearchParams(search);
  const values = params.getAll(SHARE_PARAM);
  if (values.length === 0) return { kind: "none" };
  if (values.length > 1)
    return { kind: "bad", message: "The address holds two share links; open one at a time." };
  const decoded = decodeShare(values[0] ?? "");
  if (!decoded.ok) return { kind: "bad", message: decoded.message };
  const resolved = resolveShare(decoded.value, ctx);
  return resolved.ok ? { kind: "ok", plan: resolved.value } : { kind: "bad", message: resolved.message };
}

/** The address without the share parameter (the rest of the query and the hash kept). */
export function withoutShareParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(SHARE_PARAM);
  return url.toString();
}
