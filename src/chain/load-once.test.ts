import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once.ts";

describe("loadOnce", () => {
  it("runs the load once, however many ask, and keeps its value", async () => {
    let runs = 0;
    const once = loadOnce(async () => ++runs);
    expect(once.current()).toBeUndefined();
    const [a, b] = await Promise.all([once.get(), once.get()]);
    expect([a, b, await once.get(), once.current(), runs]).toEqual([1, 1, 1, 1, 1]);
  });

  /** A load whose first try fails (a chunk on a connection that dropped), then succeeds. */
  function failingOnce() {
    const tries = { runs: 0 };
    const once = loadOnce(async () => {
      tries.runs++;
      if (tries.runs === 1) throw new Error("chunk failed");
      return "loaded";
    });
    return { once, tries };
  }

  it("forgets a failed load, so the next call tries again", async () => {
    const { once, tries } = failingOnce();
    await expect(once.get()).rejects.toThrow("chunk failed");
    expect(once.current()).toBeUndefined();
    await expect(once.get()).resolves.toBe("loaded");
    expect(once.current()).toBe("loaded");
    expect(tries.runs).toBe(2);
  });

  it("tells its subscribers once the value is in, after a failed try too, and not those who left", async () => {
    const { once } = failingOnce();
    const told: string[] = [];
    once.subscribe(() => told.push("a"));
    const leave = once.subscribe(() => told.push("b"));
    await expect(once.get()).rejects.toThrow("chunk failed");
    expect(told).toEqual([]);
    leave();
    await once.get();
    expect(told).toEqual(["a"]);
    await once.get();
    // Subscribing once it is in tells nothing: the value is there to read.
    once.subscribe(() => told.push("c"));
    expect(told).toEqual(["a"]);
  });
});
