import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from "react";

/**
 * Render counts for the bench (`npm run bench`), in a build made with VITE_PROFILE=1 only: that
 * build uses React's profiling renderer (vite.config.ts), and every `<Counted id>` adds one per
 * commit of its subtree to `window.__playgroundRenders[id]`. `reset()` starts the counts again.
 * In every other build `<Counted>` is its children and nothing else.
 */
type RenderCounts = Record<string, number> & { reset(): void };

const PROFILE = import.meta.env.VITE_PROFILE === "1";

function counts(): RenderCounts {
  const w = window as unknown as { __playgroundRenders?: RenderCounts };
  if (!w.__playgroundRenders) {
    const made = {} as RenderCounts;
    Object.defineProperty(made, "reset", {
      enumerable: false,
      value: () => {
        for (const k of Object.keys(made)) delete made[k];
      },
    });
    w.__playgroundRenders = made;
  }
  return w.__playgroundRenders;
}

/** The time each counted panel took to render, in ms, summed (React's `actualDuration`). */
function durations(): Record<string, number> {
  const w = window as unknown as { __playgroundRenderMs?: Record<string, number> };
  w.__playgroundRenderMs ??= {};
  return w.__playgroundRenderMs;
}

const onRender: ProfilerOnRenderCallback = (id, _phase, actualDuration) => {
  const c = counts();
  c[id] = (c[id] ?? 0) + 1;
  const ms = durations();
  ms[id] = (ms[id] ?? 0) + actualDuration;
};

export function Counted({ id, children }: { id: string; children: ReactNode }) {
  if (!PROFILE) return children;
  return (
    <Profiler id={id} onRender={onRender}>
      {children}
    </Profiler>
  );
}
