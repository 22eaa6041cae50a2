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
