import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const script = resolve(import.meta.dirname, "test-all.mjs");

describe("scripts/test-all.mjs", () => {
  it("refuses an unknown suite name before running any suite: exit 1 and the list of suites", () => {
    // A scratch directory: had a suite started, it would have run (and written .ci-results) there.
    const cwd = mkdtempSync(join(tmpdir(), "test-all-"));
    try {
      const r = spawnSync(process.execPath, [script, "lint", "bogus-suite"], {
        cwd,
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("Unknown test suite: bogus-suite");
      expect(r.stderr).toContain("lint, typecheck, unit, e2e");
      // Nothing ran: no suite's banner, no totals line, no results folder.
      expect(r.stdout).not.toContain("===");
      expect(r.stdout).not.toMatch(/\d+ passed, \d+ failed/);
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
