import { type ComponentType, use, useEffect, useState } from "react";
import { type LoadOnce, loadOnce } from "../../chain/load-once.ts";

export type Preloadable<P> = {
  /**
   * Renders the loaded component; suspends (shows the nearest Suspense fallback) until it is. A
   * load it waited for that failed is thrown to the nearest error boundary.
   */
  Component: ComponentType<P>;
  /** Starts loading it (once); a failed load is forgotten, so the next render or call tries again. */
  preload(): Promise<ComponentType<P>>;
};

/**
 * The loads a render waited for that failed, each held until an error boundary has shown it
 * (`forgetFailedLoads`). Without it, React's render after the Suspense fallback would start the
 * load again, wait again, and so on: a chunk that cannot download (offline) showed "Loading…"
 * for ever, never the boundary's message and its Try again.
 */
const failedLoads = new Set<{ forget(): void }>();

/**
 * Called by an error boundary once it has caught an error (components/ui/ErrorBoundary.tsx): the
 * failed loads were thrown to it, and the next render that needs one (its Try again, a new answer,
 * the part shown again) loads it again.
 */
export function forgetFailedLoads(): void {
  for (const failed of failedLoads) failed.forget();
  failedLoads.clear();
}

/**
 * A component whose code is its own chunk, loaded on first render or earlier by `preload()` (in
 * idle time, or when the user does what will need it). Unlike React.lazy, once loaded it renders
 * at once, with no Suspense fallback: preloading really spares the wait. A preload's failure is
 * only a lost head start; a failure a render waited for goes to the nearest error boundary.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  const component = loadOnce(load);
  let failure: { error: unknown } | undefined;
  const held = {
    forget: () => {
      failure = undefined;
    },
  };
  /** The load a render waits for: one promise per attempt, so every render of it reads the same. */
  let waited: Promise<ComponentType<P>> | undefined;
  const loadForRender = () =>
    (waited ??= component.get().catch((error: unknown) => {
      waited = undefined;
      failure = { error };
      failedLoads.add(held);
      throw error;
    }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level (or cached), never per render
  function Component(props: P) {
    if (failure) throw failure.error;
    const C = useLoaded(component.current(), loadForRender);
    return <C {...props} />;
  }
  return { Component, preload: component.get };
}

/**
 * `value` when it is there, else suspends (the nearest Suspense fallback) until `load()` gives it.
 * `use` is called on every render, waiting or not: React replays a component that suspended as
 * soon as the promise settles, keeping the hooks it ran before `use`; had `use` been skipped on the
 * replay (the value arrived meanwhile), the hooks after it would run as updates of hooks never
 * mounted, and React throws (#467, "Update hook called on initial render", then #520).
 */
export function useLoaded<T>(value: T | undefined, load: () => Promise<T>): T {
  return use(value === undefined ? load() : fulfilled(value));
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
