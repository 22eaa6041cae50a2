import type { StateCreator } from "zustand";
import type { Transport } from "../rpc/transport.ts";
import type { AppState } from "./store.ts";

export type { Transport };
export type Theme = "light" | "dark" | "system";
/** The body's editor: Monaco ("code": colours, completion, marks) or a plain text box (lighter; kinder to phones). */
type EditorKind = "code" | "plain";

/**
 * The editor a device starts with, until the user chooses: the plain text box where the main
 * pointer is a finger (a phone, a tablet), Monaco elsewhere. Monaco does not support mobile
 * browsers (its hidden input and the on-screen keyboard, its selection and touch), and there its
 * code (about 870 KB gzip) is never fetched. The checkbox under the body switches, and is kept.
 */
function deviceEditor(): EditorKind {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches ? "plain" : "code";
}

/** What is kept as the editor, read: either kind as kept, the device's for anything else (storage is outside input). */
export const editorKind = (kept: unknown): EditorKind =>
  kept === "plain" || kept === "code" ? kept : deviceEditor();

const DEFAULT_TIMEOUT_MS = 30_000;
/** Answers over this are not read into the page (the user may raise it, up to 1 GiB). */
const DEFAULT_MAX_ANSWER_MIB = 64;

export type SettingsSlice = {
  transport: Transport;
  timeoutMs: number;
  maxAnswerMiB: number;
  theme: Theme;
  editor: EditorKind;
  settingsActions: {
    setTransport(t: Transport): void;
    setTimeoutMs(ms: number): void;
    setMaxAnswerMiB(mib: number): void;
    setTheme(theme: Theme): void;
    setEditor(editor: EditorKind): void;
  };
};

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set) => ({
  transport: "http",
  timeoutMs: DEFAULT_TIMEOUT_MS,
  maxAnswerMiB: DEFAULT_MAX_ANSWER_MIB,
  theme: "system",
  editor: deviceEditor(),
  settingsActions: {
    setTransport: (transport) => set({ transport }),
    setTimeoutMs: (ms) => set({ timeoutMs: Math.min(600_000, Math.max(1_000, Math.round(ms))) }),
    setTheme: (theme) => set({ theme }),
    setEditor: (editor) => set({ editor: editorKind(editor) }),
    setMaxAnswerMiB: (mib) =>
      set({
        maxAnswerMiB: Number.isFinite(mib)
          ? Math.min(1024, Math.max(1, Math.round(mib)))
          : DEFAULT_MAX_ANSWER_MIB,
      }),
  },
});
