/**
 * Reading a request from an address (`?network=…&method=…&params=…`) or an older share link
 * (`?share=<base64url>`), checked in full against the app's networks and methods. Loaded when the
 * page opens with a query or Back/Forward moves, not with the first screen (its checks are zod's);
 * writing an address is request-address.ts, encoding a link share-link.ts.
 */
import { z } from "zod/mini";
import { FAMILY_IDS, type FamilyId } from "../../chain/families/types.ts";
import { paramsFor } from "../../methods/body.ts";
import { readFormParams } from "../../methods/body-reading.ts";
import { defaultValues } from "../../methods/form-values.ts";
import { registry as defaultRegistry, type Registry } from "../../methods/registry.ts";
import { type ChainKind, type Network, parseChainId, trimSlash } from "../../networks/network.ts";
import { networkSchema } from "../../networks/network-schema.ts";
import type { Transport } from "../../state/settings-slice.ts";
import { CUSTOM, MAX_ADDRESS_LENGTH } from "./request-address.ts";
import {
  chainOf,
  fromBase64Url,
  kb,
  MAX_SHARE_LENGTH,
  type Result,
  SHARE_PARAM,
  SHARE_VERSION,
  type SharedRequest,
} from "./share-link.ts";

const hasUserInfo = (u: string) => {
  const url = new URL(u);
  return url.username !== "" || url.password !== "";
};

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

type ResolveContext = {
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

export type AddressRead =
  | { kind: "none" }
  | { kind: "bad"; message: string }
  | { kind: "ok"; plan: SharePlan; send: boolean; legacy: boolean };

/** Reads an address: no request in it, a bad one (why), or a request to fill in (and maybe send). */
export function readRequestAddress(search: string, ctx: ResolveContext): AddressRead {
  const q = new URLSearchParams(search);
  if (q.has(SHARE_PARAM)) {
    const legacy = readShareLink(search, ctx);
    return legacy.kind === "ok" ? { ...legacy, send: false, legacy: true } : legacy;
  }
  const method = q.get("method");
  if (method === null) return { kind: "none" };
  if (search.length > MAX_ADDRESS_LENGTH)
    return { kind: "bad", message: `The address is too long (more than ${MAX_ADDRESS_LENGTH / 1024} KB).` };
  const network = q.get("network");
  if (!network) return { kind: "bad", message: "The address names a method but no network (network=…)." };
  const transport = q.get("transport") ?? "http";
  if (transport !== "http" && transport !== "ws")
    return {
      kind: "bad",
      message: `The address's transport is "${transport.slice(0, 20)}"; use http or ws.`,
    };
  const registry = ctx.registry ?? defaultRegistry;
  let params: SharedRequest["params"];
  const rawParams = q.get("params");
  if (rawParams === null) {
    const def = registry.get(method);
    params = def ? paramsFor(def, defaultValues(def)) : [];
  } else {
    let json: unknown;
    try {
      json = JSON.parse(rawParams);
    } catch {
      return { kind: "bad", message: "The address's params are not JSON (params=[…] or params={…})." };
    }
    if (typeof json !== "object" || json === null)
      return { kind: "bad", message: "The address's params must be a JSON array or object." };
    params = json as SharedRequest["params"];
  }
  let shared: SharedRequest["network"] = network;
  if (network === CUSTOM) {
    const kind = q.get("kind");
    shared = {
      name: q.get("name") ?? "",
      kind: kind === "starknet" ? "starknet" : "evm",
      base_url: q.get("base_url") ?? "",
      ws_url: q.get("ws_url") ?? "",
    };
    const chainId = parseChainId(q.get("chain_id") ?? undefined);
    if (!chainId.ok)
      return { kind: "bad", message: "The address's chain_id must be a whole number, such as 137." };
    if (chainId.value !== undefined) shared.chainId = chainId.value;
    const family = q.get("family");
    if (family !== null) {
      if (!(FAMILY_IDS as readonly string[]).includes(family))
        return {
          kind: "bad",
          message: `The address's family must be one of ${FAMILY_IDS.join(", ")}.`,
        };
      shared.family = family as FamilyId;
    }
    if (!shared.name.trim()) return { kind: "bad", message: "The address's custom network has no name." };
    if (kind !== "evm" && kind !== "starknet")
      return { kind: "bad", message: "The address's custom network needs kind=evm or kind=starknet." };
  }
  const resolved = resolveShare({ network: shared, method, params, transport }, ctx);
  if (!resolved.ok)
    return { kind: "bad", message: resolved.message.replace(/^The share link/, "The address") };
  return { kind: "ok", plan: resolved.value, send: q.get("send") === "1", legacy: false };
}
