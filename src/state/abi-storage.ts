/**
 * Where the user's ABIs live: this browser's localStorage, under one key, in the export file's
 * format (chain/abi-file.ts), so what is read back is checked like an imported file. Storage may
 * be blocked, full or hold anything: reading gives nothing then, writing says it failed.
 */
import { abisFileText, parseAbisFile, type UserAbi } from "../chain/abi-file.ts";
import { safeLocalStorage } from "./storage-check.ts";

const KEY = "rpc-playground:abis";
/**
 * At most this much text: localStorage holds about 5 MB per origin and the rest of the app's
 * choices must still fit, so a bigger set lives in memory only (and can be exported).
 */
const MAX_STORED_CHARS = 2 * 1024 * 1024;

const local = safeLocalStorage;

/** The stored ABIs; none when storage is blocked or what it holds does not check. */
export function loadAbis(): UserAbi[] {
  try {
    const text = local()?.getItem(KEY);
    if (!text) return [];
    const parsed = parseAbisFile(text);
    return parsed.ok ? parsed.abis : [];
  } catch {
    return [];
  }
}

/** Writes the ABIs; false when the browser refused (full, blocked): they then live in memory only. */
export function saveAbis(abis: readonly UserAbi[]): boolean {
  try {
    const storage = local();
    if (!storage) return false;
    if (abis.length === 0) storage.removeItem(KEY);
    else {
      const text = abisFileText(abis);
      if (text.length > MAX_STORED_CHARS) {
        storage.removeItem(KEY);
        return false;
      }
      storage.setItem(KEY, text);
    }
    return true;
  } catch {
    return false;
  }
}
