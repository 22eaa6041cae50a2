/**
 * The devnet's address and key written into the app's page by the server that serves it (`npm
 * start`, `npm run dev`, the browser tests): a JSON data block the app reads before anything else
 * (src/networks/devnet-config.ts), so its first Send can never go to a default port before
 * `/devnet.json` arrives. A data block is never executed, so the CSP's script-src is not involved.
 */
export const DEVNET_BLOCK_ID = "playground-devnet";

/** JSON that cannot end the script element or the HTML around it, whatever its strings hold. */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * `html` with the devnet's config (`json`, as PLAYGROUND_DEVNET holds it) as a data block at the
 * end of its head. Text that is not a JSON object is left out: the page then fetches /devnet.json.
 */
export function withDevnetBlock(html: string, json: string | undefined): string {
  if (!json) return html;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return html;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return html;
  const block = `<script type="application/json" id="${DEVNET_BLOCK_ID}">${scriptSafeJson(JSON.stringify(value))}</script>`;
  const at = html.indexOf("</head>");
  return at === -1 ? `${block}${html}` : `${html.slice(0, at)}${block}\n${html.slice(at)}`;
}

/** Whether a request is for a page (a navigation or an .html file), which gets the block. */
export function isPageRequest(
  method: string | undefined,
  url: string | undefined,
  accept: string | undefined,
) {
  if (method !== "GET" && method !== "HEAD") return false;
  const path = (url ?? "/").split(/[?#]/)[0] ?? "/";
  if (path.endsWith(".html")) return true;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".") && (accept ?? "").includes("text/html");
}
