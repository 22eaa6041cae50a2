/**
 * The API key is a path segment (`/v3/<KEY>`, `/ws/v3/<KEY>`), so the URL is a secret. Nothing this
 * layer puts in an error (message, details, snippets of bodies) may carry it: an address is only
 * ever shown redacted, and any text that came from elsewhere is scrubbed of the key first.
 */

const KEY_SEGMENT = /(\/v3\/)[^/?#]+/g;
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i;

export const REDACTED_KEY = "<API_KEY>";

/** The address with the key segment after `/v3/` (and any user:password@) replaced. */
export function redactUrl(url: string): string {
  return url.replace(USER_INFO, "$1<credentials>@").replace(KEY_SEGMENT, `$1${REDACTED_KEY}`);
}

/** The key of an address, as written in it and percent-decoded; empty when it has none. */
export function keysOf(url: string): string[] {
  const keys = new Set<string>();
  for (const match of url.matchAll(/\/v3\/([^/?#]+)/g)) {
    const raw = match[1];
    if (!raw) continue;
    keys.add(raw);
    try {
      keys.add(decodeURIComponent(raw));
    } catch {
      // A malformed escape: the raw spelling is all there is.
    }
  }
  const user = USER_INFO.exec(url)?.[0];
  if (user) {
    const info = user.slice(user.indexOf("//") + 2, -1);
    for (const part of info.split(":")) if (part) keys.add(part);
  }
  return [...keys];
}

/** Keys this short would turn ordinary words into `<key>`; they are not worth hiding either. */
const MIN_SCRUB_LENGTH = 4;

/** `text` with the address (in full, redacted) and every spelling of its key replaced. */
export function scrubSecrets(text: string, url: string): string {
  let out = text.split(url).join(redactUrl(url));
  const keys = keysOf(url)
    .filter((k) => k.length >= MIN_SCRUB_LENGTH)
    .sort((a, b) => b.length - a.length);
  for (const key of keys) out = out.split(key).join(REDACTED_KEY);
  return out;
}

/**
 * A thrown value safe to keep as a `cause`: an Error whose message (or whose causes' messages)
 * carries the key is replaced by a copy with the key scrubbed. Runtimes put the URL in messages
 * such as "Failed to parse URL from http://.../v3/KEY".
 */
export function scrubCause(err: unknown, url: string, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 3) return err;
  const message = scrubSecrets(err.message, url);
  const cause = "cause" in err ? scrubCause(err.cause, url, depth + 1) : undefined;
  if (message === err.message && cause === err.cause) return err;
  const copy = new Error(message, cause === undefined ? undefined : { cause });
  copy.name = err.name;
  return copy;
}

let lastUrl: string | undefined;
let lastKeys: string[] = [];

/** The key spellings worth scrubbing from answers to `url`, kept for the last address (one client's stream). */
function scrubbableKeys(url: string): string[] {
  if (url !== lastUrl) {
    lastKeys = keysOf(url).filter((k) => k.length >= MIN_SCRUB_LENGTH);
    lastUrl = url;
  }
  return lastKeys;
}

/**
 * An answer's text with the key scrubbed, whatever put it there (a node that echoes the address or
 * the key in an error message, a result, a log): every view, Raw, Copy, Download and the history
 * then only ever see `<API_KEY>`. Costs one `includes` per spelling when the key is absent (the
 * usual case). Where the key sat outside a JSON string (an all-digit key as a number), the text is
 * scrubbed value by value instead, so valid JSON stays valid.
 */
export function scrubAnswerText(text: string, url: string): string {
  const keys = scrubbableKeys(url);
  if (!keys.some((k) => text.includes(k))) return text;
  const scrubbed = scrubSecrets(text, url);
  try {
    JSON.parse(scrubbed);
    return scrubbed;
  } catch {
    try {
      return JSON.stringify(scrubValues(JSON.parse(text), url));
    } catch {
      return scrubbed; // Not JSON to begin with: the caller reports it, with the key already gone.
    }
  }
}

/** Every string (keys and values) of a JSON value scrubbed, walked without recursion. */
function scrubValues(value: unknown, url: string): unknown {
  const scrub = (v: unknown): unknown => (typeof v === "string" ? scrubSecrets(v, url) : v);
  const root = { v: value };
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop() as Record<string, unknown> | unknown[];
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        node[i] = scrub(node[i]);
        if (node[i] !== null && typeof node[i] === "object") stack.push(node[i]);
      }
    } else {
      for (const [k, v] of Object.entries(node)) {
        const key = scrubSecrets(k, url);
        if (key !== k) delete node[k];
        node[key] = scrub(v);
        if (node[key] !== null && typeof node[key] === "object") stack.push(node[key]);
      }
    }
  }
  return root.v;
}
