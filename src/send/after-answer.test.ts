import { notifyManager } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AFTER_ANSWER_AT_LATEST_MS, AfterAnswer } from "./after-answer.ts";

/**
 * The browser's frames and idle time as queues the test runs by hand (Node has neither), and
 * TanStack's notifications at once (the app's own scheduler, notify-scheduler.ts, is a task later).
 */
function stubBrowser() {
  const frames = new Map<number, () => void>();
  const idles = new Map<number, { run: () => void; timeout: number | undefined }>();
  let next = 1;
  vi.stubGlobal("requestAnimationFrame", (run: () => void) => {
    frames.set(next, run);
    return next++;
  });
  vi.stubGlobal("cancelAnimationFrame", (id: number) => frames.delete(id));
  vi.stubGlobal("requestIdleCallback", (run: () => void, options?: { timeout?: number }) => {
    idles.set(next, { run, timeout: options?.timeout });
    return next++;
  });
  vi.stubGlobal("cancelIdleCallback", (id: number) => idles.delete(id));
  notifyManager.setScheduler((run) => run());
  const take = <T>(m: Map<number, T>) => {
    const all = [...m.values()];
    m.clear();
    return all;
  };
  return {
    /** Draws a frame: runs the callbacks waiting for it. */
    frame: () => {
      for (const run of take(frames)) run();
    },
    /** An idle period: runs the idle callbacks waiting (not those they ask for). */
    idle: () => {
      for (const { run } of take(idles)) run();
    },
    /** A frame, then an idle period after it. */
    frameThenIdle: () => {
      for (const run of take(frames)) run();
      for (const { run } of take(idles)) run();
    },
    waiting: () => ({ frames: frames.size, idles: [...idles.values()].map((i) => i.timeout) }),
  };
}

/**
 * A send that left `sentText` and the jobs `names`, each noting its name in `ran` when it runs;
 * `arriving`: whether a big answer's rows are on their way (the page's own answer worker's, else).
 */
function sendWithJobs(sentText: string | undefined, names: string[], arriving?: () => boolean) {
  const after = new AfterAnswer(arriving);
  const ran: string[] = [];
  const send = after.wait(sentText);
  for (const name of names) after.add(() => ran.push(name));
  return { after, ran, send };
}

describe("AfterAnswer: the work a send leaves for after its answer", () => {
  let browser: ReturnType<typeof stubBrowser>;
  beforeEach(() => {
    vi.useFakeTimers();
    browser = stubBrowser();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    notifyManager.setScheduler((run) => setTimeout(run, 0));
  });

  /** A frame and idle time go by and nothing of `ran` runs; once `send` is answered, `expected` has. */
  function runsOnceAnswered(after: AfterAnswer, send: number, ran: string[], expected: string[]) {
    browser.frameThenIdle();
    expect(ran).toEqual([]);
    after.answered(send);
    browser.frameThenIdle();
    expect(ran).toEqual(expected);
  }

  it("waits for the answer, then the frame after it, then runs one job per idle turn, the first job first", () => {
    const { after, ran, send } = sendWithJobs('{"id":1}', ["next id", "pushState"]);
    expect(after.sentText).toBe('{"id":1}');
    browser.frameThenIdle();
    expect(ran).toEqual([]);

    after.answered(send);
    // Not in idle time before the answer's frame: the work would land in that frame.
    expect(browser.waiting()).toEqual({ frames: 1, idles: [] });
    browser.frame();
    expect(ran).toEqual([]);
    // Idle time after the frame, at the latest 50 ms later on a busy page.
    expect(browser.waiting().idles).toEqual([50]);
    browser.idle();
    expect(ran).toEqual(["next id"]);
    expect(after.sentText).toBeUndefined();
    browser.idle();
    expect(ran).toEqual(["next id", "pushState"]);
    expect(browser.waiting()).toEqual({ frames: 0, idles: [] });
  });

  it("an answer without work left schedules nothing", () => {
    const after = new AfterAnswer();
    after.answered(after.wait(undefined));
    expect(browser.waiting()).toEqual({ frames: 0, idles: [] });
  });

  it("an older send's answer does not run the newer send's work early", () => {
    const after = new AfterAnswer();
    const ran: string[] = [];
    const first = after.wait(undefined);
    after.run();
    const second = after.wait(undefined);
    after.add(() => ran.push("second's"));
    after.answered(first);
    runsOnceAnswered(after, second, ran, ["second's"]);
  });

  it("with no answer within a second, runs the work in idle time then, one job per turn", () => {
    const { ran } = sendWithJobs("body", ["a", "b"]);
    vi.advanceTimersByTime(AFTER_ANSWER_AT_LATEST_MS - 1);
    expect(browser.waiting().idles).toEqual([]);
    vi.advanceTimersByTime(1);
    browser.idle();
    expect(ran).toEqual(["a"]);
    browser.idle();
    expect(ran).toEqual(["a", "b"]);
  });

  it("run() does all that waits at once (the next send comes first) and cancels the frame and idle turns asked for", () => {
    const { after, ran, send } = sendWithJobs("body", ["a", "b"]);
    after.answered(send);
    after.run();
    expect(ran).toEqual(["a", "b"]);
    expect(after.sentText).toBeUndefined();
    expect(browser.waiting()).toEqual({ frames: 0, idles: [] });
    // Nor does the second's timer run anything again.
    vi.advanceTimersByTime(AFTER_ANSWER_AT_LATEST_MS);
    browser.idle();
    expect(ran).toEqual(["a", "b"]);
  });

  it("an answer whose rows still arrive when the second is up holds the work until its last row", () => {
    const { after, ran, send } = sendWithJobs("body", ["next id"], () => true);
    vi.advanceTimersByTime(AFTER_ANSWER_AT_LATEST_MS * 5);
    expect(browser.waiting()).toEqual({ frames: 0, idles: [] });
    runsOnceAnswered(after, send, ran, ["next id"]);
  });

  it("rows stopped before the last (a cancel) let the held work run in idle time", () => {
    const { after, ran } = sendWithJobs("body", ["next id", "pushState"], () => true);
    vi.advanceTimersByTime(AFTER_ANSWER_AT_LATEST_MS);
    after.release();
    expect(browser.waiting()).toEqual({ frames: 0, idles: [50] });
    browser.idle();
    browser.idle();
    expect(ran).toEqual(["next id", "pushState"]);
  });

  it("a release with nothing held changes nothing", () => {
    const { after, ran } = sendWithJobs("body", ["next id"]);
    after.release();
    expect(browser.waiting()).toEqual({ frames: 0, idles: [] });
    expect(ran).toEqual([]);
  });

  it("rows that begin to come in between the second and its idle turn hold the work too; a cancel lets it go", () => {
    let arriving = false;
    const { after, ran } = sendWithJobs("body", ["next id"], () => arriving);
    vi.advanceTimersByTime(AFTER_ANSWER_AT_LATEST_MS);
    arriving = true;
    browser.idle();
    expect(ran).toEqual([]);
    after.release();
    browser.idle();
    expect(ran).toEqual(["next id"]);
  });
});
