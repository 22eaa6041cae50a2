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

  it("forgets a failed load, so the next call tries again", async () => {
    let runs = 0;
    const once = loadOnce(async () => {
      runs++;
      if (runs === 1) throw new Error("chunk failed");
      return "loaded";
    });
    await expect(once.get()).rejects.toThrow("chunk failed");
    expect(once.current()).toBeUndefined();
    await expect(once.get()).resolves.toBe("loaded");
    expect(once.current()).toBe("loaded");
    expect(runs).toBe(2);
  });
});
