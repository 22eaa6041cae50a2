import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatGweiText,
  formatLatency,
  formatNative,
  formatSeconds,
  formatWhen,
} from "./format.ts";

describe("format", () => {
  it("formats sizes in binary units with one decimal", () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(3 * 1024 * 1024), formatBytes(17_534n)]).toEqual(
      ["512 B", "2.0 KiB", "3.0 MiB", "17.1 KiB"],
    );
  });

  it("formats latencies in milliseconds, in seconds from 10 s on", () => {
    expect([
      formatLatency(undefined),
      formatLatency(null, "–"),
      formatLatency(12.4),
      formatLatency(9_999.4),
      formatLatency(12_345),
    ]).toEqual(["—", "–", "12 ms", "9999 ms", "12.3 s"]);
    expect(formatSeconds(250, true)).toBe("0.3 s");
  });

  it("formats the native coin and gwei exactly", () => {
    expect(formatNative(1_500_000_000_000_000_000n, { symbol: "ETH", decimals: 18 })).toBe("1.5 ETH");
    expect(formatNative(1_500_000_000_000_000_000n, { symbol: "POL", decimals: 18 })).toBe("1.5 POL");
    expect(formatNative(15n, { symbol: "XYZ", decimals: 1 })).toBe("1.5 XYZ");
    // A network whose coin nobody named (a custom network without a chain id): no guess.
    expect(formatNative(1_500_000_000_000_000_000n, null)).toBe("1.5 (native coin)");
    expect(formatGweiText(12_500_000_000n)).toBe("12.5 gwei");
  });

  it("shows the time for today, the date too for another day", () => {
    const at = new Date(2024, 4, 3, 9, 5, 7).getTime();
    expect(formatWhen(at, new Date(2024, 4, 3, 23, 0).getTime())).toBe("09:05:07");
    expect(formatWhen(at, new Date(2024, 4, 4, 1, 0).getTime())).toBe("2024-05-03 09:05:07");
  });
});
