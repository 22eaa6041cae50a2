import type { StateCreator } from "zustand";
import type { Transport } from "../rpc/transport.ts";
import type { AppState } from "./store.ts";

export type { Transport };
export type Theme = "light" | "dark" | "system";

export const DEFAULT_TIMEOUT_MS = 30_000;

export type SettingsSlice = {
  transport: Transport;
  timeoutMs: number;
  theme: Theme;
  settingsActions: {
    setTransport(t: Transport): void;
    setTimeoutMs(ms: number): void;
    setTheme(theme: Theme): void;
  };
};

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set) => ({
  transport: "http",
  timeoutMs: DEFAULT_TIMEOUT_MS,
  theme: "system",
  settingsActions: {
    setTransport: (transport) => set({ transport }),
    setTimeoutMs: (ms) => set({ timeoutMs: Math.min(600_000, Math.max(1_000, Math.round(ms))) }),
    setTheme: (theme) => set({ theme }),
  },
});
