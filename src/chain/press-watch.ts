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

type Heard = { pressed?(): void; released?(): void };

/**
 * `heard.pressed`: called at each press, in its task; `heard.released`: at each release, in its
 * task, before the tasks that waited for it are set off.
 */
export function watchPresses(heard: Heard = {}): PressWatch {
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

/** The page's shared watch and the shares that use it (`sharePresses`). */
let shared: { watch: PressWatch; users: Set<Heard> } | null = null;

/**
 * A share of the page's one press watch: the first share starts it and the last one's `stop` stops
 * it, so a page keeps one set of listeners however many of its parts wait on presses (the
 * examples' follow, the snippet's idle value, the notes held still under a press), and a part that
 * starts mid-press knows of it. `heard` is this share's, as `watchPresses`'; `stop` ends this share
 * alone: its tasks still waiting for a release are dropped, the others' go on.
 */
export function sharePresses(heard: Heard = {}): PressWatch {
  if (typeof document === "undefined") return watchPresses(heard);
  if (shared === null) {
    const users = new Set<Heard>();
    const watch = watchPresses({
      pressed: () => {
        for (const user of [...users]) user.pressed?.();
      },
      released: () => {
        for (const user of [...users]) user.released?.();
      },
    });
    shared = { watch, users };
  }
  const { watch, users } = shared;
  // Its own identity, so one `heard` shared twice is two users.
  const mine: Heard = { ...heard };
  users.add(mine);
  const waiting = new Set<() => void>();
  return {
    pressed: () => watch.pressed(),
    whenReleased(task) {
      if (!users.has(mine)) return () => {};
      const cancel = watch.whenReleased(() => {
        waiting.delete(cancel);
        task();
      });
      waiting.add(cancel);
      return () => {
        waiting.delete(cancel);
        cancel();
      };
    },
    stop() {
      if (!users.delete(mine)) return;
      for (const cancel of waiting) cancel();
      waiting.clear();
      if (users.size === 0 && shared?.watch === watch) {
        watch.stop();
        shared = null;
      }
    },
  };
}
