/**
 * The path the app is built for and served under (Vite's `base`): `PLAYGROUND_BASE=/playground/
 * npm run build`, or Vite's own `--base`. vite.config.ts writes it this way before Vite reads it,
 * so the app (`import.meta.env.BASE_URL`, src/networks/app-path.ts), the headers file and the
 * servers all see one form: a leading and a trailing slash, "/" at the root of a host.
 */

/** One path segment a docs site would use: letters, digits and `-._~` (nothing to escape anywhere). */
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** `raw` as "/a/b/", or an error that says what a base may be. */
export function normalizeBase(raw: string): string {
  const text = raw.trim();
  if (text === "" || text === "/") return "/";
  const problem = (why: string) =>
    new Error(
      `The base path ${JSON.stringify(raw)} ${why}: give the absolute path the app is served under, e.g. PLAYGROUND_BASE=/playground/`,
    );
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith("//"))
    throw problem("is a full address (the app's scripts must come from the page's own origin)");
  if (text.startsWith(".")) throw problem("is relative (the guide and the embed are pages of their own)");
  const segments = text.split("/").filter(Boolean);
  if (!segments.every((s) => SEGMENT.test(s)))
    throw problem("has characters a path segment should not (letters, digits and -._~ only)");
  return `/${segments.join("/")}/`;
}
