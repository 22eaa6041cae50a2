import { afterEach, describe, expect, it, vi } from "vitest";
import { afterLayout } from "./after-layout.ts";

/** A ResizeObserver whose reports the test makes (`report()`), and that says whether it still watches. */
function fakeObserver() {
  const made: { report(): void; watching: boolean }[] = [];
  class Fake {
    watching = false;
    constructor(private readonly cb: () => void) {
      made.push(this);
    }
    observe() {
      this.watching = true;
    }
    disconnect() {
      this.watching = false;
    }
    report() {
      if (this.watching) this.cb();
    }
  }
  vi.stubGlobal("ResizeObserver", Fake);
  return made;
}

describe("afterLayout", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const el = {} as Element;

  it("looks in the first report only, not in the effect; a stop before it means no look", () => {
    const made = fakeObserver();
    const look = vi.fn();
    afterLayout(el, look);
    expect(look).not.toHaveBeenCalled();
    made[0]?.report();
    made[0]?.report();
    expect(look).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    afterLayout(el, other)();
    made[1]?.report();
    expect(other).not.toHaveBeenCalled();
  });

  it("with forMs, looks again at each report until that time has passed", () => {
    vi.useFakeTimers();
    const made = fakeObserver();
    const look = vi.fn();
    afterLayout(el, look, 1000);
    made[0]?.report();
    made[0]?.report();
    vi.advanceTimersByTime(1000);
    made[0]?.report();
    expect(look).toHaveBeenCalledTimes(2);
  });

  it("without ResizeObserver, looks at once", () => {
    vi.stubGlobal("ResizeObserver", undefined);
    const look = vi.fn();
    afterLayout(el, look);
    expect(look).toHaveBeenCalledTimes(1);
  });
});
