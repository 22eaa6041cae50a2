import { describe, expect, it } from "vitest";
import { formatBytes, formatLatency, formatWhen, paramsPreview } from "./history-format.ts";

describe("history-format", () => {
  it("formats sizes and latencies", () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual([
      "512 B",
      "2.0 KiB",
      "3.00 MiB",
    ]);
    expect([formatLatency(undefined), formatLatency(12.4), formatLatency(12_345)]).toEqual([
      "—",
      "12 ms",
      "12.3 s",
    ]);
  });

  it("shows the time for today, the date too for another day", () => {
    const at = new Date(2024, 4, 3, 9, 5, 7).getTime();
    expect(formatWhen(at, new Date(2024, 4, 3, 23, 0).getTime())).toBe("09:05:07");
    expect(formatWhen(at, new Date(2024, 4, 4, 1, 0).getTime())).toBe("2024-05-03 09:05:07");
  });

  it("cuts long params", () => {
    expect(paramsPreview(["0x1", false])).toBe('["0x1",false]');
    expect(paramsPreview(["x".repeat(100)], 10)).toBe('["xxxxxxx…');
  });
});
