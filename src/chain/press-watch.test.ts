import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchPresses } from "./press-watch.ts";

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
