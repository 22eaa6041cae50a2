import { PANELS } from "./embed-config.ts";
import { escapeAttr, frameId, type GuideFields } from "./iframe-snippet.ts";

/**
 * The guide's one-tag code: a `<div data-rpc-playground …>` with the same options as the iframe's
 * address, and the `<script src=".../embed.js">` that turns it into the embed (src/embed-loader/).
 * Pure: strings in, strings out. Defaults are left out, as in the address.
 */

/** The iframe's height the loader uses until the embed reports its own (src/embed-loader/tag.ts). */
const LOADER_HEIGHT = 480;

/** The loader's address in the app (`appUrl`: the base the app is served under, as embedUrl takes). */
export function loaderUrl(appUrl: string): string {
  return new URL("embed.js", appUrl).toString();
}

/** The loader's types for a page written in TypeScript (src/embed-loader/embed-api.d.ts), beside it. */
export function loaderTypesUrl(appUrl: string): string {
  return new URL("embed.d.ts", appUrl).toString();
}

/** An attribute in single quotes (JSON reads best that way): `'`, `&`, `<` and `>` escaped. */
const singleQuoted = (text: string) =>
  `'${text.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}'`;

function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/** The tag's attributes for these fields, in the address's order, as `name="value"` lines. */
function tagAttributes(f: GuideFields): string[] {
  const attr = (name: string, value: string) => `data-${name}="${escapeAttr(value)}"`;
  const out = [attr("method", f.method)];
  const params = f.params.trim();
  if (params) out.push(`data-params=${singleQuoted(compactJson(params))}`);
  out.push(attr("network", f.network));
  if (f.transport !== "http") out.push(attr("transport", f.transport));
  if (f.theme) out.push(attr("theme", f.theme));
  const panels = PANELS.filter((p) => f.panels.includes(p));
  if (panels.length !== PANELS.length) out.push(attr("panels", panels.join(",")));
  if (f.readonly) out.push(attr("readonly", "1"));
  if (f.keyField) out.push(attr("key-field", "1"));
  if (f.explorer) out.push(attr("explorer", "1"));
  const origins = f.origins
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins.length) out.push(attr("origins", origins.join(",")));
  const height = Number.isFinite(f.height) && f.height > 0 ? Math.round(f.height) : LOADER_HEIGHT;
  if (height !== LOADER_HEIGHT) out.push(attr("height", String(height)));
  return out;
}

/** The code to paste: the tag, the loader, and how the page's script talks to the embed. */
export function tagSnippet(f: GuideFields, loaderSrc: string): string {
  const id = frameId(f.method);
  return [
    "<div",
    `  id="${escapeAttr(id)}"`,
    "  data-rpc-playground",
    ...tagAttributes(f).map((a) => `  ${a}`),
    "></div>",
    `<script src="${escapeAttr(loaderSrc)}" async></script>`,
    "<!-- From your page's script, once the embed is ready (this page's origin is allowed by itself):",
    `     el = document.getElementById("${escapeAttr(id)}");`,
    '     el.addEventListener("rpc-playground:ready", () => RpcPlayground.get(el).setKey(readerKey));',
    '     el.addEventListener("rpc-playground:result", (e) => console.log(e.detail.result));',
    "     RpcPlayground.get(el).setParams([...]); RpcPlayground.get(el).send() gives a Promise. -->",
  ].join("\n");
}
