import { type ComponentType, use, useEffect, useState, useSyncExternalStore } from "react";
import { type LoadOnce, loadOnce } from "../../chain/load-once.ts";

type Preloadable<P> = {
  /**
   * Renders the loaded component; suspends (shows the nearest Suspense fallback) until it is. A
   * load it waited for that failed is thrown to the nearest error boundary.
   */
  Component: ComponentType<P>;
  /** Starts loading it (once); a failed load is forgotten, so the next render or call tries again. */
  preload(): Promise<ComponentType<P>>;
};

/**
 * A component whose code is its own chunk, loaded on first render or earlier by `preload()` (in
 * idle time, or when the user does what will need it). Unlike React.lazy, once loaded it renders
 * at once, with no Suspense fallback: preloading really spares the wait. A preload's failure is
 * only a lost head start; a failure a render waited for goes to the nearest error boundary.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  const component = loadOnce(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level (or cached), never per render
  function Component(props: P) {
    const C = useLoaded(component);
    return <C {...props} />;
  }
  return { Component, preload: component.get };
}

/** Whether `once`'s value is in; re-renders the caller when it arrives, whoever's `get()` brought it. */
export function useArrived(once: LoadOnce<unknown>): boolean {
  const arrived = () => once.current() !== undefined;
  return useSyncExternalStore(once.subscribe, arrived, arrived);
}

/**
 * What renders waited for of one load: the attempt they wait on, and its failure, held until an
 * error boundary has shown one (`forgetFailedLoads` moves `shown` on). Without it, React's render
 * after the Suspense fallback started the load again, waited again, and so on: a chunk that cannot
 * download (offline) showed "Loading…" for ever, never the boundary's message and its Try again.
 */
type Waited = {
  attempt: Promise<unknown> | undefined;
  failure: { error: unknown; shown: number } | undefined;
};
const waitedFor = new WeakMap<LoadOnce<unknown>, Waited>();
/** How many times an error boundary has shown an error: failures from before are not thrown again. */
let shown = 0;

/**
 * Called by an error boundary once it has caught an error (components/ui/ErrorBoundary.tsx): the
 * failed loads were thrown to it, and the next render that needs one (its Try again, a new answer,
 * the part shown again) loads it again.
 */
export function forgetFailedLoads(): void {
  shown += 1;
}

/**
 * `once`'s value when it is there, else suspends (the nearest Suspense fallback) until it is
 * loaded; a load it waited for that failed is thrown (the nearest error boundary says so) until a
 * boundary has shown it. `use` is called on every render, waiting or not: React replays a
 * component that suspended as soon as the promise settles, keeping the hooks it ran before `use`;
 * had `use` been skipped on the replay (the value arrived meanwhile), the hooks after it would run
 * as updates of hooks never mounted, and React throws (#467, "Update hook called on initial
 * render", then #520).
 */
export function useLoaded<T>(once: LoadOnce<T>): T {
  const value = once.current();
  if (value !== undefined) return use(fulfilled(value));
  let w = waitedFor.get(once);
  if (!w) {
    w = { attempt: undefined, failure: undefined };
    waitedFor.set(once, w);
  }
  if (w.failure?.shown === shown) throw w.failure.error;
  const waited = w;
  // One promise an attempt, so every render that waits for it reads the same.
  waited.attempt ??= once.get().catch((error: unknown) => {
    waited.attempt = undefined;
    waited.failure = { error, shown };
    throw error;
  });
  return use(waited.attempt as Promise<T>);
}

/** A promise `use` reads at once: React reads `status` and `value` on a promise it is given. */
export const fulfilled = <T,>(value: T): Promise<T> =>
  Object.assign(Promise.resolve(value), { status: "fulfilled", value });

/**
 * `once`'s value when it is in, undefined before; it starts loading while `needed`. A failed load
 * leaves it undefined (the caller shows what it shows without it) and is tried again when needed.
 */
export function useLoadedWhen<T>(once: LoadOnce<T>, needed: boolean): T | undefined {
  const [value, setValue] = useState(once.current);
  useEffect(() => {
    if (!needed || value !== undefined) return;
    let live = true;
    once.get().then(
      (v) => live && setValue(() => v),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [once, needed, value]);
  return value ?? once.current();
}
