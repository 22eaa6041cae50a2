/**
 * A provider's `playground.config.json` (docs/deploy.md) checked and applied over the bundled
 * settings. Every field is read on its own, and every network entry: what is right applies, what is
 * wrong is left out and named (`networks[2].base_url: …`), so no mistake blanks the page. Loaded
 * with the file (app/provider-config.ts), never on the first screen: it brings zod.
 */
import { z } from "zod/mini";
import { isRecord } from "../chain/record.ts";
import { normalizeOrigin } from "../features/embed/embed-config.ts";
import { getMethod, methodsForChain } from "../methods/registry.ts";
import type { Network } from "../networks/network.ts";
import { networkSchema } from "../networks/network-schema.ts";
import { BUNDLED_SETTINGS, type ProviderSettings } from "../networks/provider.ts";

const FIELDS = [
  "productName",
  "networks",
  "hideNetworks",
  "networkOrder",
  "defaultNetwork",
  "defaultMethod",
  "keyLabel",
  "getKeyLink",
  "embedOrigins",
] as const;

const text = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "must not be empty"),
      z.maxLength(max, `must be at most ${max} characters`),
    );
const list = (what: string) =>
  z.array(z.string({ error: `must be ${what} (text)` }), {
    error: `must be a list of ${what}s (["…", "…"])`,
  });
const httpsUrl = z.string().check(
  z.trim(),
  z.refine((u) => /^https:\/\/\S+$/i.test(u) && URL.canParse(u), "must be an https:// address"),
);
const fieldSchemas = {
  productName: text(60),
  keyLabel: text(40),
  getKeyLink: z.object({ url: httpsUrl, text: z.optional(text(60)) }),
  hideNetworks: list("network id"),
  networkOrder: list("network id"),
  defaultNetwork: z.string({ error: "must be a network id (text)" }),
  defaultMethod: z.string({ error: "must be a method's name (text)" }),
  embedOrigins: list("origin"),
};
/** Ids go into addresses, share links and embed tags: lower-case letters, digits and dashes. */
const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

type PathPart = PropertyKey;
const where = (path: readonly PathPart[]) =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");

/** What is at `path` in `value` (undefined where nothing is). */
const at = (value: unknown, path: readonly PathPart[]): unknown =>
  path.reduce<unknown>(
    (v, p) => (isRecord(v) || Array.isArray(v) ? (v as Record<PropertyKey, unknown>)[p] : undefined),
    value,
  );
/** An issue in words: a field left out "is missing"; else zod's message (the schemas' own words). */
const said = (value: unknown, issue: { path: readonly PathPart[]; message: string }) =>
  at(value, issue.path) === undefined ? "is missing" : issue.message.replace(/\.$/, "");

type Read = { settings: ProviderSettings; problems: string[] };

/** The provider's file read over `bundled`: the settings in force and each mistake, in words. */
export function readProviderConfig(json: unknown, bundled: ProviderSettings = BUNDLED_SETTINGS): Read {
  if (!isRecord(json))
    return {
      settings: bundled,
      problems: ["The file must hold one JSON object ({ … }); the bundled settings apply."],
    };
  const problems: string[] = [];
  const say = (path: readonly PathPart[], message: string) => problems.push(`${where(path)}: ${message}`);
  for (const key of Object.keys(json))
    if (!(FIELDS as readonly string[]).includes(key) && key !== "$comment")
      say([key], `is not a setting (the settings are ${FIELDS.join(", ")}); left out`);
  const field = <K extends keyof typeof fieldSchemas>(
    key: K,
  ): z.infer<(typeof fieldSchemas)[K]> | undefined => {
    if (json[key] === undefined) return undefined;
    const r = fieldSchemas[key].safeParse(json[key]);
    if (r.success) return r.data as z.infer<(typeof fieldSchemas)[K]>;
    for (const issue of r.error.issues) say([key, ...issue.path], said(json[key], issue));
    return undefined;
  };

  const networks = shapeNetworks(json, bundled.networks, say, field("hideNetworks"), field("networkOrder"));
  const wantedNet = field("defaultNetwork");
  let defaultNet = wantedNet === undefined ? undefined : networks.find((n) => n.id === wantedNet);
  if (wantedNet !== undefined && !defaultNet)
    say(
      ["defaultNetwork"],
      `"${wantedNet}" is not one of the networks shown (${networks.map((n) => n.id).join(", ")})`,
    );
  defaultNet ??= networks.find((n) => n.id === bundled.defaultNetworkId) ?? networks[0]!;

  const wantedMethod = field("defaultMethod");
  const method = wantedMethod === undefined ? undefined : getMethod(wantedMethod);
  if (wantedMethod !== undefined && !method)
    say(["defaultMethod"], `"${wantedMethod}" is not a method of the playground`);
  else if (method && method.chain !== defaultNet.kind)
    say(
      ["defaultMethod"],
      `${method.name} is not a method of ${defaultNet.id}'s chain (use one of ${methodsForChain(
        defaultNet.kind,
      )
        .map((m) => m.name)
        .join(", ")})`,
    );
  const fits = (name: string) => getMethod(name)?.chain === defaultNet.kind;
  const defaultMethod =
    method && fits(method.name)
      ? method.name
      : fits(bundled.defaultMethod)
        ? bundled.defaultMethod
        : (methodsForChain(defaultNet.kind)[0]?.name ?? bundled.defaultMethod);

  const keyLabel = field("keyLabel") ?? bundled.keyLabel;
  const link = field("getKeyLink");
  const embedOrigins = [...bundled.embedOrigins];
  (field("embedOrigins") ?? []).forEach((o, i) => {
    const r = normalizeOrigin(o);
    if (!r.ok) say(["embedOrigins", i], r.message);
    else if (!embedOrigins.includes(r.origin)) embedOrigins.push(r.origin);
  });
  return {
    settings: {
      networks,
      defaultNetworkId: defaultNet.id,
      defaultMethod,
      productName: field("productName") ?? bundled.productName,
      keyLabel,
      keyLink: link
        ? {
            url: link.url,
            text: link.text ?? (keyLabel === "API key" ? "Get an API key" : `Get your ${keyLabel}`),
          }
        : bundled.keyLink,
      embedOrigins,
    },
    problems,
  };
}

/** The catalog with the file's networks added (an id of the catalog replaces that entry), hidden and reordered. */
function shapeNetworks(
  json: Record<string, unknown>,
  catalog: readonly Network[],
  say: (path: readonly PathPart[], message: string) => void,
  hide: readonly string[] | undefined,
  order: readonly string[] | undefined,
): Network[] {
  let list = [...catalog];
  const added = json.networks;
  if (added !== undefined && !Array.isArray(added)) say(["networks"], "must be a list of networks ([{ … }])");
  const seen = new Set<string>();
  for (const [i, entry] of (Array.isArray(added) ? (added as unknown[]) : []).entries()) {
    const r = networkSchema.safeParse(entry);
    if (!r.success) {
      for (const issue of r.error.issues) say(["networks", i, ...issue.path], said(entry, issue));
      continue;
    }
    const { custom: _c, fromLink: _f, ...net } = r.data;
    if (!ID.test(net.id))
      say(["networks", i, "id"], `"${net.id}" must be lower-case letters, digits and dashes`);
    else if (seen.has(net.id)) say(["networks", i, "id"], `"${net.id}" is listed twice; the first applies`);
    else {
      seen.add(net.id);
      const at = list.findIndex((n) => n.id === net.id);
      list = at === -1 ? [...list, net] : list.map((n, j) => (j === at ? net : n));
    }
  }
  const known = (path: readonly PathPart[], id: string) => {
    if (list.some((n) => n.id === id)) return true;
    say(path, `"${id}" is not a network (the networks are ${list.map((n) => n.id).join(", ")})`);
    return false;
  };
  const hidden = new Set((hide ?? []).filter((id, i) => known(["hideNetworks", i], id)));
  if (hidden.size > 0 && list.every((n) => hidden.has(n.id)))
    say(["hideNetworks"], "hides every network; left out (at least one must stay)");
  else list = list.filter((n) => !hidden.has(n.id));
  const first = (order ?? []).filter((id, i) => hidden.has(id) || known(["networkOrder", i], id));
  const rank = (n: Network) => {
    const r = first.indexOf(n.id);
    return r === -1 ? first.length : r;
  };
  return list
    .map((n, i) => ({ n, i }))
    .sort((a, b) => rank(a.n) - rank(b.n) || a.i - b.i)
    .map((x) => x.n);
}
