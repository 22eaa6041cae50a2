import { nextTask } from "./next-task.ts";

/**
 * The page's pointer presses, watched from the watch's start: a change of the page the user did
 * not make (a panel following the body in idle time, a network's examples arriving) that lands
 * between a press and its click moves what the click aims at, or changes what it sends. Such a
 * change waits for the release: a person's press lasts about 100 ms, and the click comes in the
 * release's task, so the change runs a task after it. Not chain logic; it sits here beside
 * next-task.ts because every layer may import it.
 */
export type PressWatch = {
  /** Whether a pointer is pressed now. */
  pressed(): boolean;
  /** Runs `task` in a task of its own: soon when no pointer is pressed, else after the release. Returns a cancel. */
  whenReleased(task: () => void): () => void;
  /** Stops watching; a task still waiting for a release is dropped. */
  stop(): void;
};

/**
 * `heard.pressed`: called at each press, in its task; `heard.released`: at each release, in its
 * task, before the tasks that waited for it are set off.
 */
export function watchPresses(heard: { pressed?(): void; released?(): void } = {}): PressWatch {
  if (typeof document === "undefined") return { pressed: () => false, whenReleased: nextTask, stop() {} };
  let pressed = false;
  /** Tasks waiting for the release, each to its own task then. */
  const waiting = new Set<() => void>();
  const down = () => {
    pressed = true;
    heard.pressed?.();
  };
  const up = () => {
    pressed = false;
    heard.released?.();
    const waited = [...waiting];
    waiting.clear();
    for (const go of waited) go();
  };
  // A press the page may never hear released: the window left while the button is down (another
  // window brought forward, the press ended there). Its leaving counts as the release.
  const page = typeof window === "undefined" ? undefined : window;
  document.addEventListener("pointerdown", down, true);
  document.addEventListener("pointerup", up, true);
  document.addEventListener("pointercancel", up, true);
  page?.addEventListener("blur", up);
  return {
    pressed: () => pressed,
    whenReleased(task) {
      if (!pressed) return nextTask(task);
      let cancel = () => {
        waiting.delete(go);
      };
      const go = () => {
        cancel = nextTask(task);
      };
      waiting.add(go);
      return () => cancel();
    },
    stop() {
      waiting.clear();
      document.removeEventListener("pointerdown", down, true);
      document.removeEventListener("pointerup", up, true);
      document.removeEventListener("pointercancel", up, true);
      page?.removeEventListener("blur", up);
    },
  };
}
