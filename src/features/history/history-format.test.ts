import { describe, expect, it } from "vitest";
import { paramsPreview } from "./history-format.ts";

describe("history-format", () => {
  it("cuts long params", () => {
    expect(paramsPreview(["0x1", false])).toBe('["0x1",false]');
    expect(paramsPreview(["x".repeat(100)], 10)).toBe('["xxxxxxx…');
  });
});
