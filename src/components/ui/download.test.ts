import { describe, expect, it } from "vitest";
import { describeDownloadError } from "./download.ts";

describe("describeDownloadError", () => {
  it("says running out of memory in words, and an error's own message otherwise", () => {
    expect(describeDownloadError(new RangeError("Invalid string length"))).toMatch(/too big for this tab/);
    expect(describeDownloadError(new DOMException("quota", "QuotaExceededError"))).toBe(
      "the browser has no room for the file.",
    );
    expect(describeDownloadError(new Error("no room for the file"))).toBe("no room for the file");
  });
  it("never calls String() on what was thrown, which can throw itself", () => {
    expect(describeDownloadError({ toString: false })).toBe("the browser gave no reason.");
    expect(describeDownloadError(Object.create(null))).toBe("the browser gave no reason.");
    expect(describeDownloadError(new Error(""))).toBe("the browser gave no reason.");
  });
});
