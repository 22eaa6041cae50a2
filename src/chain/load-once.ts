/**
 * A load (a chunk, a stored list) run once and shared by every caller: `get()` starts it or joins
 * it; a failed load is forgotten, so the next `get()` tries again; `current()` is its value once in
 * (undefined before), for code that must not wait when it need not. Not chain logic, but the layer
 * every other one may import (docs/architecture.md).
 */
export interface LoadOnce<T> {
  get(): Promise<T>;
  current(): T | undefined;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get() {
      loading ??= load().then(
        (v) => {
          value = v;
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
  };
}
