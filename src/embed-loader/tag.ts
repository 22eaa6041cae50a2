/**
 * The one-tag embed, read: a `<div data-rpc-playground data-method="…" …>`'s attributes into the
 * embed's address (docs/embed.md). Pure: strings in, an address or problems out; no DOM, and
 * nothing of the app (the loader is a few KB of its own: src/embed-loader/embed.ts).
 *
 * The loader checks what is its own to check: the attributes' names (a typo would otherwise be
 * silently ignored), the key kept out of the HTML, the frame's height and theme. The values of the
 * embed's options go into the address as written: the embed reads them with the same parser as any
 * embed address and shows its own problems in the frame.
 */

/** Each embed option (src/features/embed/embed-config.ts) and the attribute that sets it. */
export const OPTION_ATTRIBUTES = {
  method: "data-method",
  params: "data-params",
  network: "data-network",
  transport: "data-transport",
  theme: "data-theme",
  panels: "data-panels",
  readonly: "data-readonly",
  keyField: "data-key-field",
  explorer: "data-explorer",
  origins: "data-origins",
} as const;

/** The loader's own attributes: the marker, and the frame's height before the embed reports its own. */
const MARKER = "data-rpc-playground";
const HEIGHT = "data-height";
export const DEFAULT_HEIGHT = 480;

/** Attributes a framework puts on the elements it renders (Vue's scoped styles, Astro's): not ours to judge. */
const FRAMEWORK_MARKS = [/^data-v-/, /^data-astro-/];

type Theme = "light" | "dark";

type TagReading =
  | {
      ok: true;
      /** The embed address's search string, without "?". */
      search: string;
      method: string | undefined;
      height: number;
      /** The tag names no theme (or `auto`): the frame follows the page's. */
      followsPage: boolean;
    }
  | { ok: false; problems: string[] };

const KNOWN: readonly string[] = [MARKER, HEIGHT, ...Object.values(OPTION_ATTRIBUTES)];

/**
 * Reads a tag's attributes. `page.origin` is added to `origins` so the embed obeys this page and
 * tells it its results; `page.theme` is the page's theme, used when the tag names none.
 */
export function readTag(
  attributes: ReadonlyArray<readonly [string, string]>,
  page: { origin: string | undefined; theme: Theme },
): TagReading {
  const attrs = new Map(attributes.map(([k, v]) => [k.toLowerCase(), v]));
  const problems: string[] = [];
  for (const name of attrs.keys()) {
    if (!name.startsWith("data-") || KNOWN.includes(name) || FRAMEWORK_MARKS.some((re) => re.test(name)))
      continue;
    if (/key|token|secret/.test(name))
      problems.push(
        `${name}: an API key never goes into the page's HTML, where every reader and every cache sees it. Hand it in from your script: RpcPlayground.get(element).setKey(key).`,
      );
    else
      problems.push(
        `${name} is not an option of the tag${suggestion(name)}; the options are ${KNOWN.slice(1).join(", ")}.`,
      );
  }

  const themeText = (attrs.get(OPTION_ATTRIBUTES.theme) ?? "").trim().toLowerCase();
  if (themeText !== "" && themeText !== "auto" && themeText !== "light" && themeText !== "dark")
    problems.push(
      `data-theme must be light, dark or auto (auto, or no data-theme, follows the page's theme); it is "${themeText}".`,
    );

  const heightText = attrs.get(HEIGHT)?.trim();
  const height = heightText ? Number(heightText.replace(/px$/, "")) : DEFAULT_HEIGHT;
  if (!Number.isFinite(height) || height <= 0)
    problems.push(`data-height must be a height in CSS pixels, such as 480; it is "${heightText}".`);

  if (problems.length > 0) return { ok: false, problems };

  const followsPage = themeText !== "light" && themeText !== "dark";
  const q = new URLSearchParams();
  for (const [option, attr] of Object.entries(OPTION_ATTRIBUTES)) {
    const value = attrs.get(attr);
    if (option === "theme") q.set("theme", followsPage ? page.theme : themeText);
    else if (option === "origins") {
      const origins = [value ?? "", page.origin ?? ""].map((o) => o.trim()).filter(Boolean);
      if (origins.length) q.set("origins", origins.join(","));
    } else if (value !== undefined) q.set(option, option === "params" ? compactJson(value) : value.trim());
  }
  const method = attrs.get(OPTION_ATTRIBUTES.method)?.trim() || undefined;
  return { ok: true, search: q.toString(), method, height: Math.round(height), followsPage };
}

/** "did you mean data-method?" for a name one or two letters off an option's. */
function suggestion(name: string): string {
  const near = KNOWN.find((k) => distance(k, name) <= 2);
  return near ? ` (did you mean ${near}?)` : "";
}

/** Levenshtein distance, for short attribute names. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** JSON without spaces when it is JSON; otherwise as written (the embed then says what is wrong). */
function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.trim();
  }
}

/**
 * The embed's address, beside the loader: the app lives where `embed.js` is served from, at the
 * root of a host or under any path (`https://docs.example.com/playground/embed.js`).
 */
export function embedAddress(loaderSrc: string, search: string): string {
  const url = new URL("embed", new URL(".", loaderSrc));
  url.search = search;
  return url.toString();
}

/**
 * The page's theme, as documentation frameworks mark it on `<html>`: `data-theme` (Docusaurus,
 * Starlight), a `dark` or `light` class (VitePress, Nextra, Tailwind sites), the `color-scheme`
 * it uses; else the reader's system preference.
 */
export function pageTheme(html: {
  dataTheme: string | null;
  className: string;
  colorScheme: string;
  prefersDark: boolean;
}): Theme {
  const data = html.dataTheme?.trim().toLowerCase();
  if (data === "dark" || data === "light") return data;
  const classes = html.className.split(/\s+/);
  if (classes.includes("dark")) return "dark";
  if (classes.includes("light")) return "light";
  const scheme = html.colorScheme.trim().toLowerCase();
  if (scheme === "dark" || scheme === "light") return scheme;
  return html.prefersDark ? "dark" : "light";
}
