/**
 * Whether a request to the app's server comes from the app's own pages: `/devnet.json` carries the
 * devnet's key, and Vite answers any localhost origin's CORS request, so another page on the same
 * machine (http://localhost:3000, a malicious page on 127.0.0.1) could otherwise read it.
 * A browser sends `Sec-Fetch-Site` on every fetch and `Origin` on every cross-origin one; a request
 * with neither (curl, the tests' Node side) is not a page's and is let through.
 */
export function fromOwnOrigin(headers: Record<string, string | string[] | undefined>): boolean {
  const one = (k: string) => {
    const v = headers[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const site = one("sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = one("origin");
  if (origin === undefined) return true;
  const host = one("host");
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
