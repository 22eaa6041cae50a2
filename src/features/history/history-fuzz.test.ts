/**
 * Property-based fuzz of the history import (fast-check): an imported file is hostile input.
 * Random JSON, and real exports with values swapped for random ones, are either refused with a
 * message or give entries that every cell of the History table can render (dates within range,
 * sizes and latencies printable), and no entry carrying a key gets in.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBytes, formatLatency, formatWhen } from "../../components/ui/format.ts";
import { paramsPreview } from "./history-format.ts";
import { exportHistory, parseHistoryFile } from "./history-io.ts";
import { entry, KEY } from "./test-fixtures.ts";

function renderable(e: ReturnType<typeof entry>) {
  new Date(e.at).toISOString();
  formatWhen(e.at, Date.now());
  paramsPreview(e.params);
  formatLatency(e.latencyMs);
  if (e.sizeBytes !== undefined) formatBytes(e.sizeBytes);
}

const wild = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(1e300, -1, Number.MAX_SAFE_INTEGER, "", KEY, `https://x.example/v3/${KEY}`, null),
);

/** A real export with one field of one entry set to a wild value. */
const mutatedExport = fc
  .tuple(
    fc.integer({ min: 1, max: 4 }),
    fc.constantFrom(
      "at",
      "id",
      "method",
      "params",
      "network",
      "transport",
      "status",
      "latencyMs",
      "sizeBytes",
      "answer",
      "apiKey",
      "url",
    ),
    wild,
  )
  .map(([n, field, value]) => {
    const file = JSON.parse(
      exportHistory(
        Array.from({ length: n }, () => entry()),
        { now: Date.now() },
      ),
    ) as {
      entries: Record<string, unknown>[];
    };
    file.entries[0]![field] = value;
    return JSON.stringify(file);
  });

describe("history import never takes what it cannot show", () => {
  it("random text and JSON are refused with a message or give renderable entries", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue({ maxDepth: 4 }).map((j) => JSON.stringify(j)),
        ),
        (text) => {
          const r = parseHistoryFile(text, { now: Date.now() });
          if (!r.ok) expect(r.message).not.toBe("");
          else r.entries.forEach(renderable);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("real exports with a field swapped: bad entries are left out, the rest render, no key gets in", () => {
    fc.assert(
      fc.property(mutatedExport, (text) => {
        const r = parseHistoryFile(text, { now: Date.now() });
        if (!r.ok) {
          expect(r.message).not.toBe("");
          return;
        }
        for (const e of r.entries) {
          renderable(e);
          // The file cannot say which bare string is a key; a key in an address or a key field it can.
          expect(JSON.stringify(e)).not.toContain(`/v3/${KEY}`);
          expect(e).not.toHaveProperty("apiKey");
        }
      }),
      { numRuns: 300 },
    );
  });
});
