import { PANELS, type Panel } from "./embed-config.ts";

/**
 * The guide's snippet generator: from the fields a documentation author fills in, the embed's
 * address and the `<iframe>` code (with a small host script for auto-height) to paste into a page.
 * Pure: strings in, strings out.
 */

export type GuideFields = {
  method: string;
  /** The params as the author typed them (JSON text). */
  params: string;
  network: string;
  transport: "http" | "ws";
  /** "" follows the reader's system preference. */
  theme: "" | "light" | "dark";
  panels: Panel[];
  readonly: boolean;
  keyField: boolean;
  /** Links to the network's block explorer in the answer. */
  explorer: boolean;
  /** Comma-separated host origins. */
  origins: string;
  /** The iframe's height before the embed reports its own, in CSS pixels. */
  height: number;
};

/** The search string of an embed (no leading "?"); defaults are left out to keep it short. */
export function embedSearch(f: GuideFields): string {
  const q = new URLSearchParams();
  q.set("method", f.method);
  const params = f.params.trim();
  if (params) q.set("params", compactJson(params));
  q.set("network", f.network);
  if (f.transport !== "http") q.set("transport", f.transport);
  if (f.theme) q.set("theme", f.theme);
  const panels = PANELS.filter((p) => f.panels.includes(p));
  if (panels.length !== PANELS.length) q.set("panels", panels.join(","));
  if (f.readonly) q.set("readonly", "1");
  if (f.keyField) q.set("keyField", "1");
  if (f.explorer) q.set("explorer", "1");
  const origins = f.origins
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins.length) q.set("origins", origins.join(","));
  return q.toString();
}

/** JSON written without spaces, when it is JSON; otherwise as typed (the embed then says what is wrong). */
function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/** The embed's address under the app's (`https://docs.example.com/playground/` → `…/playground/embed?…`). */
export function embedUrl(appUrl: string, search: string): string {
  const url = new URL("embed", appUrl);
  url.search = search;
  return url.toString();
}

/** Text safe inside a double-quoted HTML attribute (and as element text). */
export function escapeAttr(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** A JavaScript string literal safe inside an inline `<script>` (no `</script>`, no line separators). */
export function scriptString(text: string): string {
  return JSON.stringify(text)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** An element id made of the method name, usable in HTML and in `getElementById`. */
export function frameId(method: string): string {
  return `rpc-playground-${method.replace(/[^A-Za-z0-9_-]/g, "-") || "embed"}`;
}

export type SnippetInput = {
  /** The embed's full address. */
  src: string;
  method: string;
  height: number;
  /** Whether the address lists host origins (otherwise the snippet says to add one). */
  hasOrigins: boolean;
  /** The provider's name for the playground, in the frame's title ("RPC Playground" unless set). */
  productName: string;
};

/** The code to paste: the iframe and a host script that sets its height from the embed's messages. */
export function iframeSnippet(input: SnippetInput): string {
  const id = frameId(input.method);
  const embedOrigin = new URL(input.src).origin;
  const height = Number.isFinite(input.height) && input.height > 0 ? Math.round(input.height) : 480;
  const lines = [
    ...(input.hasOrigins
      ? []
      : [
          "<!-- Add this page's origin to origins= in src (e.g. origins=https://docs.example.com)",
          "     so the embed accepts your messages (key, params, send) and tells you each result. -->",
        ]),
    "<iframe",
    `  id="${escapeAttr(id)}"`,
    `  src="${escapeAttr(input.src)}"`,
    `  title="${escapeAttr(`${input.productName}: ${input.method}`)}"`,
    `  style="width: 100%; height: ${height}px; border: 0"`,
    '  allow="clipboard-write"',
    '  loading="lazy"',
    "></iframe>",
    "<script>",
    "  (function () {",
    `    var frame = document.getElementById(${scriptString(id)});`,
    `    var embedOrigin = ${scriptString(embedOrigin)};`,
    '    window.addEventListener("message", function (event) {',
    "      if (event.origin !== embedOrigin || event.source !== frame.contentWindow) return;",
    "      var data = event.data || {};",
    '      if (data.type === "rpc-playground:height") frame.style.height = data.height + "px";',
    "      // To hand in the reader's API key (kept in memory only) once the embed listens:",
    '      // if (data.type === "rpc-playground:ready")',
    '      //   frame.contentWindow.postMessage({ type: "rpc-playground:set-key", key: readerKey }, embedOrigin);',
    "    });",
    "  })();",
    "</script>",
  ];
  return lines.join("\n");
}
