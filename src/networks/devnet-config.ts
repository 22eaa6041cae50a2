import { appPath } from "./app-path.ts";
import { type DevnetConfig, readDevnetConfig } from "./network.ts";

/** The id of the JSON data block `npm start` writes into the page (devnet/app-page.ts). */
export const DEVNET_BLOCK_ID = "playground-devnet";

/**
 * The devnet's config written into the page by the server that served it, if any: read before
 * anything is fetched, so the first Send can never go to a default address. `undefined` when the
 * page has no such block (a static host, the dev server without a devnet), or it is not readable.
 */
export function devnetConfigInPage(
  doc: Pick<Document, "getElementById"> | undefined = globalThis.document,
): DevnetConfig | undefined {
  const text = doc?.getElementById(DEVNET_BLOCK_ID)?.textContent;
  if (!text) return undefined;
  try {
    return readDevnetConfig(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * Where the local devnet listens, and its key: written into the page by `npm start` (and the
 * browser tests' server), else `devnet.json` under the base path, which says `null` where there is
 * no devnet. Server state: it lives in TanStack Query, read with `useQuery(devnetConfigQuery)`,
 * never copied into the store.
 */
export const devnetConfigQuery = {
  queryKey: ["devnet-config"],
  queryFn: async (): Promise<DevnetConfig | null> => {
    const inPage = devnetConfigInPage();
    if (inPage) return inPage;
    const res = await fetch(appPath("devnet.json"), { cache: "no-store" });
    if (!res.ok) return null;
    return readDevnetConfig(await res.json().catch(() => null)) ?? null;
  },
  // On the first render already, when the page carries it: no moment without the devnet's address.
  initialData: (): DevnetConfig | undefined => devnetConfigInPage(),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;
