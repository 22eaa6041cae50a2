import { z } from "zod/mini";
import { readFormParams } from "../../methods/body-reading.ts";
import { registry as defaultRegistry, type Registry } from "../../methods/registry.ts";
import type { ChainKind, Network } from "../../networks/network.ts";
import { type ProviderSettings, provider } from "../../networks/provider.ts";

/**
 * What an embed shows and who may talk to it, read from its address:
 * `/embed?method=…&params=…&network=…&transport=…&theme=…&panels=…&readonly=1&keyField=1&explorer=1&origins=…`.
 * Pure: the same search string always gives the same config or the same problems.
 */

export const PANELS = ["form", "editor", "response"] as const;
export type Panel = (typeof PANELS)[number];

type EmbedParams = unknown[] | Record<string, unknown>;

export type EmbedConfig = {
  method: string;
  /** The method's wire params; absent: the method's own examples. */
  params?: EmbedParams;
  /** A catalog network id. */
  network: string;
  transport: "http" | "ws";
  /** Absent: follow the reader's system preference. */
  theme?: "light" | "dark";
  /** Which parts to show, in page order. */
  panels: Panel[];
  /** The params cannot be edited (the form and the editor are read-only). */
  readonly: boolean;
  /** Show a masked key field in the embed (otherwise the host hands in the key by message). */
  keyField: boolean;
  /** Show links to the network's block explorer in the answer (off unless asked for: they leave the docs). */
  explorer: boolean;
  /** Host origins whose messages are accepted, besides the embed's own origin (the provider's included). */
  origins: string[];
};

type EmbedConfigResult = { ok: true; config: EmbedConfig } | { ok: false; problems: string[] };

const flag = (name: string) =>
  z.pipe(
    z.enum(["", "1", "true", "0", "false"], { error: `${name} must be 1 (on) or 0 (off).` }),
    z.transform((v) => v !== "0" && v !== "false"),
  );

/** An exact origin, as `event.origin` spells it: scheme, host and port, no path, no trailing slash. */
export function normalizeOrigin(text: string): { ok: true; origin: string } | { ok: false; message: string } {
  const t = text.trim();
  if (t === "*")
    return { ok: false, message: '"*" is not allowed in origins: list each host page\'s origin exactly.' };
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return { ok: false, message: `"${t}" is not an origin: write it as https://docs.example.com.` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, message: `"${t}" is not an origin: it must start with https:// or http://.` };
  if (url.pathname !== "/" || url.search || url.hash || /[?#]/.test(t) || url.username || url.password)
    return {
      ok: false,
      message: `"${t}" is not an origin: write scheme://host[:port] only (${url.origin}), without a path.`,
    };
  return { ok: true, origin: url.origin };
}

const fieldSchemas = {
  transport: z.enum(["http", "ws"], { error: "transport must be http or ws." }),
  theme: z.enum(["light", "dark"], {
    error: "theme must be light or dark (leave it out to follow the reader).",
  }),
  readonly: flag("readonly"),
  keyField: flag("keyField"),
  explorer: flag("explorer"),
  panels: z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      const names = text
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !(PANELS as readonly string[]).includes(n));
      if (unknown.length) {
        ctx.issues.push({
          code: "custom",
          input: text,
          message: `panels has ${unknown.map((u) => `"${u}"`).join(", ")}; use a comma-separated list of form, editor, response.`,
        });
        return z.NEVER;
      }
      if (names.length === 0) {
        ctx.issues.push({
          code: "custom",
          input: text,
          message: "panels is empty; name at least one of form, editor, response.",
        });
        return z.NEVER;
      }
      return PANELS.filter((p) => names.includes(p));
    }),
  ),
  origins: z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      const out: string[] = [];
      for (const part of text.split(",")) {
        if (!part.trim()) continue;
        const r = normalizeOrigin(part);
        if (!r.ok) ctx.issues.push({ code: "custom", input: text, message: `origins: ${r.message}` });
        else if (!out.includes(r.origin)) out.push(r.origin);
      }
      return out;
    }),
  ),
  params: z.pipe(
    z.string(),
    z.transform((text: string, ctx): EmbedParams => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        ctx.issues.push({
          code: "custom",
          input: text,
          message: `params is not valid JSON (${e instanceof Error ? e.message : String(e)}); write it as a JSON array or object, such as ["latest",false].`,
        });
        return z.NEVER;
      }
      if (typeof json !== "object" || json === null) {
        ctx.issues.push({
          code: "custom",
          input: text,
          message: 'params must be a JSON array or object, such as ["latest",false].',
        });
        return z.NEVER;
      }
      return json as EmbedParams;
    }),
  ),
};

/**
 * Whether `params` can fill `method`'s form on a network of `chain` (the same reading as a body
 * typed in the editor). Values that merely fail validation pass: the form shows their message.
 */
export function checkParams(
  method: string,
  params: EmbedParams,
  chain: ChainKind,
  registry: Registry = defaultRegistry,
): { ok: true } | { ok: false; message: string } {
  const parsed = readFormParams(method, params, chain, registry);
  return parsed.ok ? { ok: true } : { ok: false, message: parsed.message };
}

const chainName = (c: ChainKind) => (c === "starknet" ? "Starknet" : "EVM");

/**
 * Reads an embed's address. Every problem is reported (not only the first), each in words the
 * host page's author can act on; the embed shows them instead of a blank frame.
 */
export function parseEmbedConfig(
  search: string,
  settings: ProviderSettings = provider(),
  registry: Registry = defaultRegistry,
): EmbedConfigResult {
  const { networks } = settings;
  const q = new URLSearchParams(search);
  const problems: string[] = [];
  const read = <T>(key: keyof typeof fieldSchemas, schema: z.ZodMiniType<T>): T | undefined => {
    const raw = q.get(key);
    if (raw === null) return undefined;
    const r = schema.safeParse(raw);
    if (r.success) return r.data;
    for (const issue of r.error.issues) problems.push(issue.message);
    return undefined;
  };

  // The network and the method depend on each other: each defaults to one that fits the other.
  const methodName = q.get("method")?.trim() || undefined;
  const networkId = q.get("network")?.trim() || undefined;
  const def = methodName === undefined ? undefined : registry.get(methodName);
  if (methodName !== undefined && !def)
    problems.push(
      `method "${methodName}" is not offered; use one of ${registry.all.map((m) => m.name).join(", ")}.`,
    );
  const network =
    networkId === undefined
      ? defaultNetwork(networks, settings.defaultNetworkId, def?.chain)
      : networks.find((n) => n.id === networkId);
  if (networkId !== undefined && !network)
    problems.push(
      `network "${networkId}" is not in the catalog; use one of ${networks.map((n) => n.id).join(", ")}.`,
    );

  const fallback = registry.get(settings.defaultMethod);
  const method =
    def ??
    (network && methodName === undefined
      ? fallback?.chain === network.kind
        ? fallback
        : registry.forChain(network.kind)[0]
      : undefined);
  const mismatched = def !== undefined && network !== undefined && def.chain !== network.kind;
  if (mismatched)
    problems.push(
      `${def.name} is a ${chainName(def.chain)} method and ${network.id} is a ${chainName(network.kind)} network; pick a network of the method's kind.`,
    );

  const transport = read("transport", fieldSchemas.transport);
  const theme = read("theme", fieldSchemas.theme);
  const readonly = read("readonly", fieldSchemas.readonly);
  const keyField = read("keyField", fieldSchemas.keyField);
  const explorer = read("explorer", fieldSchemas.explorer);
  const panels = read("panels", fieldSchemas.panels);
  const origins = read("origins", fieldSchemas.origins);
  const params = read("params", fieldSchemas.params);
  if (method && params !== undefined && !mismatched) {
    const checked = checkParams(method.name, params, method.chain, registry);
    if (!checked.ok) problems.push(`params: ${checked.message}`);
  }

  if (problems.length > 0 || !method || !network) {
    if (problems.length === 0) problems.push("The embed needs a method and a network.");
    return { ok: false, problems };
  }
  return {
    ok: true,
    config: {
      method: method.name,
      ...(params !== undefined ? { params } : {}),
      network: network.id,
      transport: transport ?? "http",
      ...(theme ? { theme } : {}),
      panels: panels ?? [...PANELS],
      readonly: readonly ?? false,
      keyField: keyField ?? false,
      explorer: explorer ?? false,
      origins: [...new Set([...(origins ?? []), ...settings.embedOrigins])],
    },
  };
}

/** Without a network in the address: the provider's default, or the first network of the method's chain. */
const defaultNetwork = (networks: readonly Network[], id: string, chain: ChainKind | undefined) => {
  const preferred = networks.find((n) => n.id === id);
  return chain === undefined || preferred?.kind === chain
    ? preferred
    : networks.find((n) => n.kind === chain);
};
