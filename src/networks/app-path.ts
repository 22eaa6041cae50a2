/**
 * Where the app is served: the base path it was built for (Vite's `base`, from PLAYGROUND_BASE or
 * `--base`, written by vite.config.ts with a leading and a trailing slash: "/", "/playground/").
 * Every address the app makes of its own pages and files is joined here; nothing else reads the
 * base. Pure: no window (a caller adds the origin where it needs a full address).
 */
const BASE: string = import.meta.env.BASE_URL;

/** A page or file of the app: `appPath("guide")` is "/playground/guide", `appPath("")` the base. */
export function appPath(page: string, base: string = BASE): string {
  return base + page.replace(/^\/+/, "");
}

/** The part of `pathname` under the base ("" at the base, with or without its slash), or undefined outside it. */
export function pathInApp(pathname: string, base: string = BASE): string | undefined {
  if (pathname.startsWith(base)) return pathname.slice(base.length);
  return `${pathname}/` === base ? "" : undefined;
}
