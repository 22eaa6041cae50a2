import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { type DevnetConfig, devnetConfigSchema } from "../networks/network.ts";
import { useAppStore } from "../state/store.ts";

/** `/devnet.json`, served beside the app by `npm start` and the browser tests; absent elsewhere. */
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

/** Points the local networks at the running devnet and fills in its key if the user has none. */
export function useDevnetConfig(): void {
  const { data } = useQuery(devnetConfigQuery);
  const setDevnet = useAppStore((s) => s.networkActions.setDevnet);
  const provideDefault = useAppStore((s) => s.keyActions.provideDefault);
  useEffect(() => {
    if (!data) return;
    setDevnet(data);
    provideDefault("devnet", data.key);
  }, [data, setDevnet, provideDefault]);
}
