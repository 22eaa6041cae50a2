import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sharePresses, watchPresses } from "./press-watch.ts";

/** A page with a document and a window that hear events, and nothing else. */
function fakePage() {
  const doc = new EventTarget();
  const win = new EventTarget();
  vi.stubGlobal("document", doc);
  vi.stubGlobal("window", win);
  const pointer = (type: "pointerdown" | "pointerup" | "pointercancel") => doc.dispatchEvent(new Event(type));
  return { win, pointer };
}

/** A few turns of the event loop: a released task runs a task after the release. */
const tasks = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("watchPresses", () => {
  let page: ReturnType<typeof fakePage>;
  beforeEach(() => {
    page = fakePage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("runs a task a task later when no pointer is pressed", async () => {
    const presses = watchPresses();
    const task = vi.fn();
    presses.whenReleased(task);
    expect(task).not.toHaveBeenCalled();
    await tasks();
    expect(task).toHaveBeenCalledTimes(1);
    presses.stop();
  });

  it("holds a task while a pointer is pressed, and runs it a task after the release (its click first)", async () => {
    const presses = watchPresses();
    const task = vi.fn();
    page.pointer("pointerdown");
    presses.whenReleased(task);
    await tasks();
    expect(task).not.toHaveBeenCalled();
    page.pointer("pointerup");
    expect(task).not.toHaveBeenCalled();
    await tasks();
    expect(task).toHaveBeenCalledTimes(1);
    presses.stop();
  });

  it("counts a cancelled press and the window's leaving as releases", async () => {
    const presses = watchPresses();
    const afterCancel = vi.fn();
    page.pointer("pointerdown");
    presses.whenReleased(afterCancel);
    page.pointer("pointercancel");
    await tasks();
    expect(afterCancel).toHaveBeenCalledTimes(1);
    const afterBlur = vi.fn();
    page.pointer("pointerdown");
    presses.whenReleased(afterBlur);
    page.win.dispatchEvent(new Event("blur"));
    await tasks();
    expect(afterBlur).toHaveBeenCalledTimes(1);
    presses.stop();
  });

  it("drops a task cancelled before or after the release, and every task once stopped", async () => {
    const presses = watchPresses();
    const before = vi.fn();
    const after = vi.fn();
    const stopped = vi.fn();
    page.pointer("pointerdown");
    presses.whenReleased(before)();
    const cancelAfter = presses.whenReleased(after);
    page.pointer("pointerup");
    cancelAfter();
    page.pointer("pointerdown");
    presses.whenReleased(stopped);
    presses.stop();
    page.pointer("pointerup");
    await tasks();
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
    expect(stopped).not.toHaveBeenCalled();
  });

  it("sees no press that began before the watch: a task then goes a task later", async () => {
    page.pointer("pointerdown");
    const presses = watchPresses();
    const task = vi.fn();
    presses.whenReleased(task);
    await tasks();
    expect(task).toHaveBeenCalledTimes(1);
    presses.stop();
  });
});

describe("sharePresses", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives every share one set of listeners, each share its own heard and tasks, and stops with the last share", async () => {
    const page = fakePage();
    const added = vi.spyOn(document, "addEventListener");
    const removed = vi.spyOn(document, "removeEventListener");
    const heardA = vi.fn();
    const heardB = vi.fn();
    const a = sharePresses({ released: heardA });
    const b = sharePresses({ released: heardB });
    expect(added).toHaveBeenCalledTimes(3); // pointerdown, pointerup, pointercancel: once
    page.pointer("pointerdown");
    expect(a.pressed()).toBe(true);
    expect(b.pressed()).toBe(true);
    const taskA = vi.fn();
    const taskB = vi.fn();
    a.whenReleased(taskA);
    b.whenReleased(taskB);
    a.stop(); // a's task is dropped, b's goes on
    page.pointer("pointerup");
    expect(heardA).not.toHaveBeenCalled();
    expect(heardB).toHaveBeenCalledTimes(1);
    await tasks();
    expect(taskA).not.toHaveBeenCalled();
    expect(taskB).toHaveBeenCalledTimes(1);
    expect(a.whenReleased(taskA)).toBeTypeOf("function"); // a stopped share takes no task
    await tasks();
    expect(taskA).not.toHaveBeenCalled();
    expect(removed).not.toHaveBeenCalled();
    b.stop();
    expect(removed).toHaveBeenCalledTimes(3);
  });

  it("a share taken mid-press knows of the press; after the last share stopped, a new one listens afresh", async () => {
    let page = fakePage();
    const first = sharePresses();
    page.pointer("pointerdown");
    const late = sharePresses();
    expect(late.pressed()).toBe(true);
    first.stop();
    late.stop();
    vi.unstubAllGlobals();
    page = fakePage(); // another document: the old watch no longer hears anything
    const fresh = sharePresses();
    const task = vi.fn();
    page.pointer("pointerdown");
    fresh.whenReleased(task);
    await tasks();
    expect(task).not.toHaveBeenCalled();
    page.pointer("pointerup");
    await tasks();
    expect(task).toHaveBeenCalledTimes(1);
    fresh.stop();
  });
});
