import { type DevnetConfig, devnetConfigSchema } from "./network.ts";

/**
 * `/devnet.json`, served beside the app by `npm start` and the browser tests (where the local
 * devnet listens, and its key); `null` elsewhere. Server state: it lives in TanStack Query, read
 * with `useQuery(devnetConfigQuery)`, never copied into the store.
 */
export const devnetConfigQuery = {
  queryKey: ["devnet-config"],
  queryFn: async (): Promise<DevnetConfig | null> => {
    const res = await fetch("/devnet.json", { cache: "no-store" });
    if (!res.ok) return null;
    const parsed = devnetConfigSchema.safeParse(await res.json().catch(() => null));
    return parsed.success ? parsed.data : null;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;
