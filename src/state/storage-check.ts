/**
 * Whether this page may keep anything in the browser: localStorage answers a write, and IndexedDB
 * exists. Third-party frames with storage blocked, browsers with cookies off and some private
 * windows refuse; the app then runs in memory (every access is guarded) and says so once.
 */
export function browserStorageBlocked(): boolean {
  try {
    const probe = "rpc-playground:probe";
    localStorage.setItem(probe, "1");
    localStorage.removeItem(probe);
    return typeof indexedDB === "undefined";
  } catch {
    return true;
  }
}

/**
 * The browser's localStorage, or undefined where there is none or reading it throws (storage
 * blocked): every reader and writer of it goes through this, and stays in memory without it.
 */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
