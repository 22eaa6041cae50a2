/**
 * Runs `run` in a task of its own, soon: a step of work the user waits for (matching a long batch's
 * answers), cut into tasks so the page keeps answering keys and clicks between them. Not chain
 * logic; it sits here, like load-once.ts, because every layer may import it. The browser's
 * `scheduler.postTask` where it has one, else a MessageChannel message (no 4 ms timer clamp).
 * Returns a cancel.
 */
export function nextTask(run: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof scheduler?.postTask === "function" && typeof AbortController === "function") {
    const abort = new AbortController();
    scheduler.postTask(run, { priority: "user-visible", signal: abort.signal }).catch(() => {});
    return () => abort.abort();
  }
  if (typeof MessageChannel === "function") {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

type PostTask = (run: () => void, options: { priority: string; signal: AbortSignal }) => Promise<void>;
