import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { dropBigintCache, markConstantsPure } from "./pure-constants.ts";

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

describe("dropBigintCache", () => {
  const installed = () =>
    readFileSync(join(dirname(fileURLToPath(import.meta.resolve("@ethereumjs/util"))), "bytes.js"), "utf8");

  it("takes the 65,536 BigInts out of the installed @ethereumjs/util's top level; its reads make the BigInt", () => {
    const { code, dropped } = dropBigintCache(installed());
    expect(dropped).toBe(true);
    expect(code).not.toMatch(/for \(let i = 0; i <= 256 \* 256 - 1/);
    expect(code).not.toMatch(/BIGINT_CACHE\[/);
    expect(code).toContain("return BigInt(bytes[0]);");
    expect(code).toContain("return BigInt(bytes[0] * 256 + bytes[1]);");
  });

  it("the module as changed converts bytes to the same BigInts as the package", async () => {
    const { code } = dropBigintCache(installed());
    // The changed module's bytesToBigInt, run on the package's other modules: written beside the
    // test's temporary files with its imports made absolute.
    const dir = dirname(fileURLToPath(import.meta.resolve("@ethereumjs/util")));
    const absolute = code
      .replace(
        /from (["'])\.\/([^"']+)\1/g,
        (_m, q: string, f: string) => `from ${q}${pathToFileURL(join(dir, f)).href}${q}`,
      )
      .replace(
        /from (["'])(@noble\/[^"']+)\1/g,
        (_m, q: string, spec: string) => `from ${q}${import.meta.resolve(spec)}${q}`,
      );
    const dirOfCopy = mkdtempSync(join(tmpdir(), "bytes-"));
    const file = join(dirOfCopy, "bytes.mjs");
    writeFileSync(file, absolute.replace(/^\/\/# sourceMappingURL=.*$/m, ""));
    const changed = (await import(
      /* @vite-ignore */ pathToFileURL(file).href
    )) as typeof import("@ethereumjs/util");
    rmSync(dirOfCopy, { recursive: true, force: true });
    const original = await import("@ethereumjs/util");
    for (const bytes of [[], [0], [1], [255], [0, 0], [1, 0], [255, 255], [1, 2, 3], [0, 0, 1]]) {
      const b = Uint8Array.from(bytes);
      expect(changed.bytesToBigInt(b)).toBe(original.bytesToBigInt(b));
      expect(changed.bytesToBigInt(b, true)).toBe(original.bytesToBigInt(b, true));
    }
  });

  it("leaves a module without the loop as it is", () => {
    expect(dropBigintCache("export const x = BIGINT_CACHE[1];")).toEqual({
      code: "export const x = BIGINT_CACHE[1];",
      dropped: false,
    });
  });
});
