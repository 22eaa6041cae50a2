import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from "react";

/**
 * Render counts for the bench (`npm run bench`), in a build made with VITE_PROFILE=1 only: that
 * build uses React's profiling renderer (vite.config.ts), and every `<Counted id>` adds one per
 * commit of its subtree to `window.__playgroundRenders[id]`. `reset()` starts the counts again.
 * In every other build `<Counted>` is its children and nothing else.
 */
export type RenderCounts = Record<string, number> & { reset(): void };

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

const onRender: ProfilerOnRenderCallback = (id) => {
  const c = counts();
  c[id] = (c[id] ?? 0) + 1;
};

export function Counted({ id, children }: { id: string; children: ReactNode }) {
  if (!PROFILE) return children;
  return (
    <Profiler id={id} onRender={onRender}>
      {children}
    </Profiler>
  );
}
