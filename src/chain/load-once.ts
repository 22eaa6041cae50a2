/**
 * A load (a chunk, a stored list) run once and shared by every caller: `get()` starts it or joins
 * it; a failed load is forgotten, so the next `get()` tries again; `current()` is its value once in
 * (undefined before), for code that must not wait when it need not. Not chain logic, but the layer
 * every other one may import (docs/architecture.md).
 */
export interface LoadOnce<T> {
  get(): Promise<T>;
  current(): T | undefined;
  /**
   * Calls `listener` once the value is in, whoever's `get()` brought it (for what failed without
   * it and can now go on); gives the unsubscribe.
   */
  subscribe(listener: () => void): () => void;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    get() {
      loading ??= load().then(
        (v) => {
          value = v;
          for (const listener of [...listeners]) listener();
          listeners.clear();
          return v;
        },
        (e: unknown) => {
          loading = undefined;
          throw e;
        },
      );
      return loading;
    },
    current: () => value,
    subscribe(listener) {
      if (value === undefined) listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
