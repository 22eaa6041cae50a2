import { describe, expect, it } from "vitest";
import { playwrightFailures, vitestFailures } from "./test-reports.mjs";

// Trimmed from the reports the suites wrote (`.ci-results/vitest.json`, `.ci-results/playwright.json`):
// the fields these readers use, in the places the tools put them.
describe("scripts/test-reports.mjs", () => {
  it("names Vitest's failed tests by file and full name, with their message's first line", () => {
    const report = {
      numFailedTests: 1,
      testResults: [
        {
          name: "/repo/src/a.test.ts",
          status: "failed",
          assertionResults: [
            { fullName: "a adds", status: "passed", failureMessages: [] },
            {
              fullName: "a subtracts",
              status: "failed",
              failureMessages: [
                "\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:9:3",
              ],
            },
          ],
        },
        {
          name: "/repo/src/b.test.ts",
          status: "failed",
          message: "\nSyntaxError: Unexpected token",
          assertionResults: [],
        },
      ],
    };
    expect(vitestFailures(report, "/repo")).toEqual([
      "src/a.test.ts › a subtracts: AssertionError: expected 1 to be 2",
      "src/b.test.ts: SyntaxError: Unexpected token",
    ]);
  });

  it("names Playwright's tests that failed every try, within their describe blocks; a flaky one is not named", () => {
    const spec = (title: string, status: string, message?: string) => ({
      title,
      file: "big.spec.ts",
      line: 9,
      tests: [{ status, results: [{ status: "failed", errors: message ? [{ message }] : [] }] }],
    });
    const report = {
      suites: [
        {
          title: "big.spec.ts",
          file: "big.spec.ts",
          specs: [
            spec(
              "shows it whole",
              "unexpected",
              "Error: expect(locator).toContainText(expected) failed\n\nLocator: …",
            ),
          ],
          suites: [
            {
              title: "phone",
              file: "big.spec.ts",
              specs: [spec("scrolls", "flaky"), spec("opens", "unexpected", "Timeout")],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      "big.spec.ts:9 › shows it whole: Error: expect(locator).toContainText(expected) failed",
      "big.spec.ts:9 › phone › opens: Timeout",
    ]);
  });
});
