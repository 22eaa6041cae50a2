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

/** The editor and the choice behind it: the one chosen, else the device's (which is not a choice, and not kept). */
export const editorState = (kept: unknown): Pick<SettingsSlice, "editor" | "editorChoice"> => {
  const choice = editorChoice(kept);
  return { editor: choice ?? deviceEditor(), editorChoice: choice };
};

const DEFAULT_TIMEOUT_MS = 30_000;
/** Answers over this are not read into the page (the user may raise it, up to 1 GiB). */
const DEFAULT_MAX_ANSWER_MIB = 64;

export type SettingsSlice = {
  transport: Transport;
  timeoutMs: number;
  maxAnswerMiB: number;
  theme: Theme;
  /** The body's editor on screen. */
  editor: EditorKind;
  /**
   * The editor the user chose (the checkbox under the body), the one kept; undefined until then,
   * and `editor` is the device's, so a device of another kind later gets its own.
   */
  editorChoice: EditorKind | undefined;
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
  ...editorState(undefined),
  settingsActions: {
    setTransport: (transport) => set({ transport }),
    setTimeoutMs: (ms) => set({ timeoutMs: Math.min(600_000, Math.max(1_000, Math.round(ms))) }),
    setTheme: (theme) => set({ theme }),
    setEditor: (editor) => {
      const choice = editorChoice(editor);
      if (choice) set({ editor: choice, editorChoice: choice });
    },
    setMaxAnswerMiB: (mib) =>
      set({
        maxAnswerMiB: Number.isFinite(mib)
          ? Math.min(1024, Math.max(1, Math.round(mib)))
          : DEFAULT_MAX_ANSWER_MIB,
      }),
  },
});
