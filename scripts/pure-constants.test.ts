import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { markConstantsPure } from "./pure-constants.ts";

describe("markConstantsPure", () => {
  it("wraps each one-line constant worked out by a call in a pure arrow, and leaves literals and other lines", () => {
    const code = [
      "import { c } from './c.js';",
      "export const A = c.Point.CURVE().n;",
      "export const B = A / BigInt(2);",
      "export const S = '0x00';",
      "export const L = [",
      "  f(1),",
      "];",
    ].join("\n");
    const { code: out, marked } = markConstantsPure(code);
    expect(marked).toEqual(["A", "B"]);
    expect(out.split("\n")).toEqual([
      "import { c } from './c.js';",
      "export const A = /* @__PURE__ */ (() => c.Point.CURVE().n)();",
      "export const B = /* @__PURE__ */ (() => A / BigInt(2))();",
      "export const S = '0x00';",
      "export const L = [",
      "  f(1),",
      "];",
    ]);
  });

  it("finds the secp256k1 constants in the installed @ethereumjs/util, so the curve leaves the build", () => {
    const index = fileURLToPath(import.meta.resolve("@ethereumjs/util"));
    expect(index).toMatch(/\/dist\/esm\/index\.js$/);
    const constants = readFileSync(join(dirname(index), "constants.js"), "utf8");
    const { marked } = markConstantsPure(constants);
    expect(marked).toEqual(expect.arrayContaining(["SECP256K1_ORDER", "SECP256K1_ORDER_DIV_2"]));
  });
});
