import { appPath } from "../networks/app-path.ts";
import { BUNDLED_SETTINGS, setProviderSettings } from "../networks/provider.ts";
import { readWithin } from "../rpc/read-within.ts";

/** The provider's settings file, beside index.html (docs/deploy.md). */
const CONFIG_FILE = "playground.config.json";
/** Bigger than any sensible settings file: one that is not read at all. */
const MAX_BYTES = 256 * 1024;
/** How long the first paint waits for the file (docs/decisions.md, "A provider's settings"). */
const WAIT_MS = 3000;

/** What a host answers for a file it does not have: not the provider's mistake, and nothing to say. */
const absent = (res: Response) =>
  [401, 403, 404, 410].includes(res.status) ||
  // The single-page fallback (vite preview, most static hosts) answers index.html for any path.
  (res.ok && /text\/html/i.test(res.headers.get("content-type") ?? ""));

async function read(url: string, signal: AbortSignal, applies: () => boolean): Promise<string[]> {
  const res = await fetch(url, { cache: "no-cache", signal });
  if (absent(res)) return [];
  if (!res.ok) return [`${CONFIG_FILE} could not be read (HTTP ${res.status}); the bundled settings apply.`];
  const body = await readWithin(res, MAX_BYTES);
  if (!body.ok)
    return [
      `${CONFIG_FILE} is larger than ${MAX_BYTES / 1024} KB; it was not read, the bundled settings apply.`,
    ];
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body.bytes));
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return [`${CONFIG_FILE} is not JSON (${why}); the bundled settings apply.`];
  }
  const { readProviderConfig } = await import("./provider-config-schema.ts");
  const { settings, problems } = readProviderConfig(json, BUNDLED_SETTINGS);
  if (!applies()) return [];
  setProviderSettings(settings);
  if (typeof document !== "undefined") document.title = settings.productName;
  return problems.map((p) => `${CONFIG_FILE}: ${p}`);
}

/**
 * Reads the provider's file once, at start: resolves with what is wrong in it (nothing without a
 * file), never rejects. Its settings apply before the pages render; a file that has not arrived
 * within WAIT_MS never applies in this page's life (a default network must not change under the user).
 */
export function loadProviderConfig(url = appPath(CONFIG_FILE), waitMs = WAIT_MS): Promise<string[]> {
  const abort = new AbortController();
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      abort.abort();
      resolve([
        `${CONFIG_FILE} did not arrive within ${waitMs / 1000} s; the bundled settings apply until the page is loaded again.`,
      ]);
    }, waitMs);
  });
  const done = read(url, abort.signal, () => !settled)
    .catch((e: unknown) =>
      settled
        ? []
        : [
            `${CONFIG_FILE} could not be read (${e instanceof Error ? e.message : String(e)}); the bundled settings apply.`,
          ],
    )
    .then((problems) => {
      settled = true;
      clearTimeout(timer);
      return problems;
    });
  return Promise.race([done, late]);
}
