import { afterEach, describe, expect, it, vi } from "vitest";
import { tally } from "./lazy-rows.ts";
import { afterNextPaint, runInSlices, SLICE_MS, yieldToBrowser } from "./next-task.ts";

/** A clock that moves only when the work says it spent time. */
function stubClock() {
  let t = 0;
  return {
    now: () => t,
    spend: (ms: number) => {
      t += ms;
    },
  };
}

describe("runInSlices", () => {
  it("runs a job in slices of the budget, yielding before each, and resolves with its value", async () => {
    const clock = stubClock();
    const job = tally(
      Array.from({ length: 100 }, (_, i) => i),
      (n) => {
        clock.spend(1);
        return n;
      },
    );
    const slices: number[] = [];
    let before = 0;
    const yieldTo = async () => {
      slices.push(job.counted - before);
      before = job.counted;
    };
    const value = await runInSlices(job, { now: clock.now, yieldTo });
    expect(value).toBe(4950);
    // 1 ms an item: SLICE_MS items a slice (the budget is checked after each item).
    slices.push(job.counted - before);
    expect(slices[0]).toBe(0);
    expect(Math.max(...slices)).toBe(SLICE_MS);
    expect(slices.reduce((a, b) => a + b, 0)).toBe(100);
    expect(slices.length).toBe(1 + Math.ceil(100 / SLICE_MS));
  });

  it("keeps each slice within its budget however slow an item is (at least one item a slice)", async () => {
    const clock = stubClock();
    const job = tally([1, 2, 3], (n) => {
      clock.spend(30);
      return n;
    });
    let yields = 0;
    const value = await runInSlices(job, { sliceMs: 8, now: clock.now, yieldTo: async () => void yields++ });
    expect(value).toBe(6);
    expect(yields).toBe(3);
  });

  it("stops between slices when its signal is aborted, and resolves null", async () => {
    const clock = stubClock();
    const stop = new AbortController();
    const job = tally([1, 2, 3, 4], (n) => {
      clock.spend(10);
      if (n === 2) stop.abort();
      return n;
    });
    const value = await runInSlices(job, {
      sliceMs: 5,
      signal: stop.signal,
      now: clock.now,
      yieldTo: async () => {},
    });
    expect(value).toBeNull();
    expect(job.counted).toBe(2);
  });

  it("does no work in the caller's task", async () => {
    let ran = false;
    const done = runInSlices({
      run: () => {
        ran = true;
        return 1;
      },
    });
    expect(ran).toBe(false);
    expect(await done).toBe(1);
    expect(ran).toBe(true);
  });
});

describe("yieldToBrowser", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses scheduler.yield where the browser has it", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yieldFn });
    await yieldToBrowser();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it("falls back to a task of its own (a MessageChannel message) without it", async () => {
    vi.stubGlobal("scheduler", undefined);
    const order: string[] = [];
    const done = yieldToBrowser().then(() => order.push("yielded"));
    await Promise.resolve();
    order.push("same task");
    await done;
    expect(order).toEqual(["same task", "yielded"]);
  });
});

describe("nextTask without scheduler", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("runs many waits in order, each in a task of its own, on one MessageChannel; a cancelled one does not run", async () => {
    vi.stubGlobal("scheduler", undefined);
    let channels = 0;
    const Real = MessageChannel;
    vi.stubGlobal(
      "MessageChannel",
      class extends Real {
        constructor() {
          super();
          channels++;
        }
      },
    );
    vi.resetModules();
    const { nextTask } = await import("./next-task.ts");
    const ran: number[] = [];
    const cancels = Array.from({ length: 20 }, (_, i) =>
      nextTask(() => {
        ran.push(i);
        // A task of its own: its microtasks run before the next wait's callback.
        queueMicrotask(() => ran.push(i + 0.5));
      }),
    );
    cancels[7]?.();
    ran.push(-1);
    await new Promise<void>((resolve) => nextTask(resolve));
    const kept = Array.from({ length: 20 }, (_, i) => i).filter((i) => i !== 7);
    expect(ran).toEqual([-1, ...kept.flatMap((i) => [i, i + 0.5])]);
    expect(channels).toBe(1);
  });
});

describe("afterNextPaint", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("resolves in a task after the next animation frame, not before it", async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal("requestAnimationFrame", (run: () => void) => frames.push(run));
    vi.stubGlobal("cancelAnimationFrame", () => {});
    let done = false;
    const painted = afterNextPaint().then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    // Not within the frame's own callback: in a task after it.
    await Promise.resolve();
    expect(done).toBe(false);
    await painted;
    expect(done).toBe(true);
  });

  it("goes on after its fallback when no frame is drawn (a hidden tab), and then drops the frame's callback", async () => {
    vi.useFakeTimers();
    const cancelled: number[] = [];
    vi.stubGlobal("requestAnimationFrame", () => 42);
    vi.stubGlobal("cancelAnimationFrame", (id: number) => cancelled.push(id));
    let done = false;
    const painted = afterNextPaint(100).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await painted;
    expect(cancelled).toEqual([42]);
  });
});
