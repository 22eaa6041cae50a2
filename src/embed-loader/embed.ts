// What a page gets (`window.RpcPlayground`, declared there), served beside this script as embed.d.ts.
import type { RpcPlaygroundApi } from "./embed-api.d.ts";
import { PlaygroundHandle } from "./handle.ts";
import { RpcPlaygroundError, readEmbedMessage } from "./messages.ts";
import { pageTheme } from "./tag.ts";

/**
 * `embed.js`: the one-tag embed's loader, served beside the app's index.html (vite.config.ts,
 * `embedLoader`, compiles this file on its own; docs/embed.md says how a page uses it). It turns
 * every `<div data-rpc-playground …>` of the page, now and later, into a sized, themed iframe of
 * the app's `/embed`, and gives the page `window.RpcPlayground`. The app's address is where this
 * script was served from, so it works at the root of a host or under any path.
 */

const SELECTOR = "[data-rpc-playground]";

function loaderSrc(): string | undefined {
  const own = document.currentScript;
  if (own instanceof HTMLScriptElement && own.src) return own.src;
  // Loaded as a module or by a script loader: the last script named embed.js.
  const scripts = document.querySelectorAll<HTMLScriptElement>('script[src*="embed.js"]');
  return scripts[scripts.length - 1]?.src;
}

function currentPageTheme(): "light" | "dark" {
  const html = document.documentElement;
  return pageTheme({
    dataTheme: html.getAttribute("data-theme"),
    className: html.className,
    colorScheme: getComputedStyle(html).colorScheme,
    prefersDark: matchMedia("(prefers-color-scheme: dark)").matches,
  });
}

function install(src: string): RpcPlaygroundApi {
  const appOrigin = new URL(src).origin;
  const pageOrigin = location.origin === "null" ? undefined : location.origin;
  const handles = new Map<Element, PlaygroundHandle>();

  const mount = (element: HTMLElement): PlaygroundHandle => {
    const known = handles.get(element);
    if (known) return known;
    const handle = new PlaygroundHandle(element, src, { origin: pageOrigin, theme: currentPageTheme() });
    handles.set(element, handle);
    return handle;
  };
  const scan = (root: ParentNode = document) => {
    if (root instanceof HTMLElement && root.matches(SELECTOR)) mount(root);
    for (const el of root.querySelectorAll<HTMLElement>(SELECTOR)) mount(el);
  };

  // Each message goes to the handle whose frame sent it: two embeds on a page never mix.
  window.addEventListener("message", (event) => {
    if (event.origin !== appOrigin) return;
    const message = readEmbedMessage(event.data);
    if (!message) return;
    for (const handle of handles.values())
      if (handle.iframe && handle.iframe.contentWindow === event.source) handle.receive(message);
  });

  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) if (node instanceof HTMLElement) scan(node);
    if (records.some((r) => r.removedNodes.length > 0))
      for (const [el, handle] of handles)
        if (!el.isConnected) {
          handle.detach();
          handles.delete(el);
        }
  }).observe(document.documentElement, { childList: true, subtree: true });

  // The page's theme, followed by every tag that names none.
  const followTheme = () => {
    const theme = currentPageTheme();
    for (const handle of handles.values()) handle.pageTheme(theme);
  };
  new MutationObserver(followTheme).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["class", "data-theme", "style"],
  });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", followTheme);

  scan();
  return {
    version: 1,
    get: (target) => {
      const el = typeof target === "string" ? document.querySelector(target) : target;
      if (!(el instanceof HTMLElement)) return undefined;
      return handles.get(el) ?? (el.matches(SELECTOR) ? mount(el) : undefined);
    },
    mount,
    scan,
    Error: RpcPlaygroundError,
  };
}

// A second copy of the loader on the page leaves the first in charge.
if (!window.RpcPlayground) {
  const src = loaderSrc();
  if (src) window.RpcPlayground = install(src);
  else
    console.error(
      "RPC Playground: embed.js cannot tell where it was loaded from; load it with <script src>.",
    );
}
