import { describe, expect, it } from "vitest";
import type { Fact } from "./qa-checks.ts";
import { compareFacts } from "./qa-compare.ts";

const facts = (over: Record<string, string | null> = {}): Fact[] =>
  Object.entries({
    "block hash": "0xaa",
    "state root": "0xbb",
    "receipt count": "2",
    "receipt 0 status": "1",
    "receipt 1 status": "0",
    ...over,
  }).map(([field, value]) => ({ field, value }));

describe("compareFacts", () => {
  it("agrees everywhere on equal facts, and keeps per-receipt fields out of the headline", () => {
    const c = compareFacts([
      { id: "A", facts: facts() },
      { id: "B", facts: facts() },
    ]);
    expect(c).toMatchObject({ targets: ["A", "B"], compared: 5, agreed: 5, disagreements: [] });
    expect(c.headline.map((r) => r.field)).toEqual(["block hash", "state root", "receipt count"]);
  });

  it("flags a differing value with every target's value, headline or per receipt", () => {
    const c = compareFacts([
      { id: "A", facts: facts() },
      { id: "B", facts: facts() },
      { id: "C", facts: facts({ "state root": "0xcc", "receipt 1 status": "1" }) },
    ]);
    expect(c.agreed).toBe(3);
    expect(c.disagreements).toEqual([
      { field: "state root", values: ["0xbb", "0xbb", "0xcc"], agree: false },
      { field: "receipt 1 status", values: ["0", "0", "1"], agree: false },
    ]);
    expect(c.headline.find((r) => r.field === "state root")?.agree).toBe(false);
  });

  it("a value one target gave and another did not is a disagreement", () => {
    const c = compareFacts([
      { id: "A", facts: facts({ "receipt 2 status": "1" }) },
      { id: "B", facts: facts({ "state root": null }) },
    ]);
    expect(c.disagreements.map((d) => [d.field, d.values])).toEqual([
      ["state root", ["0xbb", null]],
      ["receipt 2 status", ["1", null]],
    ]);
  });
});
