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

/** A choice of editor as kept (storage is outside input): either kind, else none (undefined). */
export const editorChoice = (kept: unknown): EditorKind | undefined =>
  kept === "plain" || kept === "code" ? kept : undefined;

/** The body's editor on screen: the one the user chose, else the device's. */
export const shownEditor = (s: Pick<SettingsSlice, "editor" | "deviceEditor">): EditorKind =>
  s.editor ?? s.deviceEditor;

const DEFAULT_TIMEOUT_MS = 30_000;
/** Answers over this are not read into the page (the user may raise it, up to 1 GiB). */
const DEFAULT_MAX_ANSWER_MIB = 64;

export type SettingsSlice = {
  transport: Transport;
  timeoutMs: number;
  maxAnswerMiB: number;
  theme: Theme;
  /**
   * The editor the user chose (the checkbox under the body), the one kept; undefined until then,
   * and the device's shows (`shownEditor`), so a device of another kind later gets its own.
   */
  editor: EditorKind | undefined;
  /** The device's editor, read when the store is made (not kept). */
  deviceEditor: EditorKind;
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
  editor: undefined,
  deviceEditor: deviceEditor(),
  settingsActions: {
    setTransport: (transport) => set({ transport }),
    setTimeoutMs: (ms) => set({ timeoutMs: Math.min(600_000, Math.max(1_000, Math.round(ms))) }),
    setTheme: (theme) => set({ theme }),
    setEditor: (editor) => {
      const choice = editorChoice(editor);
      if (choice) set({ editor: choice });
    },
    setMaxAnswerMiB: (mib) =>
      set({
        maxAnswerMiB: Number.isFinite(mib)
          ? Math.min(1024, Math.max(1, Math.round(mib)))
          : DEFAULT_MAX_ANSWER_MIB,
      }),
  },
});
