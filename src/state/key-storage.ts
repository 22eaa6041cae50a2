/**
 * Where the API keys live. By default only for this browser session (sessionStorage); when the
 * user ticks "remember on this device", in localStorage. Never both, never anywhere else.
 */
import { safeLocalStorage } from "./storage-check.ts";

const KEYS_STORAGE_KEY = "rpc-playground:api-keys";
const KEY = KEYS_STORAGE_KEY;

type StoredKeys = { keys: Record<string, string>; remember: boolean };

/** The keys of a stored record's text (hostile text reads as none). */
export function parseKeys(text: string | null | undefined): Record<string, string> | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const keys = (parsed as { keys?: unknown }).keys;
    if (typeof keys !== "object" || keys === null) return undefined;
    const clean: Record<string, string> = {};
    for (const [group, value] of Object.entries(keys)) if (typeof value === "string") clean[group] = value;
    return clean;
  } catch {
    return undefined;
  }
}

function read(storage: Storage | undefined): StoredKeys | undefined {
  try {
    const keys = parseKeys(storage?.getItem(KEY));
    return keys ? { keys, remember: storage === safeLocal() } : undefined;
  } catch {
    return undefined;
  }
}

/** The remembered keys as stored now (another tab may have changed them), or undefined. */
export function rememberedKeys(): Record<string, string> | undefined {
  try {
    return parseKeys(safeLocal()?.getItem(KEY));
  } catch {
    return undefined;
  }
}

/** Whether an event of the `storage` kind is about the remembered keys. */
export const isRememberedKeysEvent = (e: StorageEvent) => e.key === KEY && e.storageArea === safeLocal();

/** The browser's storage, or undefined where there is none or reading it throws (storage blocked). */
function storageOf(get: () => Storage): Storage | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}
const safeLocal = safeLocalStorage;
const safeSession = () => storageOf(() => sessionStorage);

export function loadKeys(): StoredKeys {
  return read(safeLocal()) ?? read(safeSession()) ?? { keys: {}, remember: false };
}

export function saveKeys({ keys, remember }: StoredKeys): void {
  const target = remember ? safeLocal() : safeSession();
  const other = remember ? safeSession() : safeLocal();
  try {
    other?.removeItem(KEY);
    const nonEmpty = Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== ""));
    if (Object.keys(nonEmpty).length === 0) target?.removeItem(KEY);
    else target?.setItem(KEY, JSON.stringify({ keys: nonEmpty }));
  } catch {
    // Storage can be full or disabled (private mode); the key then lives in memory only.
  }
}
