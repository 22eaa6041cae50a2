import type { Plugin } from "vite";

/** The modules whose one-line constants are marked pure, by how their path ends. */
const MODULES = [/\/@ethereumjs\/util\/dist\/esm\/constants\.js$/];

const ONE_LINE_CONSTANT = /^export const (\w+) = (.+);$/gm;

/**
 * Marks each one-line `export const NAME = …;` of the module pure: its value is worked out in a
 * `/* @__PURE__ *\/` arrow called at once, so the bundler drops the constants nothing reads. The
 * values and when they are worked out are unchanged for the ones that are read.
 */
export function markConstantsPure(code: string): { code: string; marked: string[] } {
  const marked: string[] = [];
  const out = code.replace(ONE_LINE_CONSTANT, (line, name: string, value: string) => {
    if (!value.includes("(")) return line;
    marked.push(name);
    return `export const ${name} = /* @__PURE__ */ (() => ${value})();`;
  });
  return { code: out, marked };
}

/**
 * @ethereumjs/util's constants module works out two constants from the secp256k1 curve at its top
 * level (`SECP256K1_ORDER = secp256k1.Point.CURVE().n` and half of it). A bundler keeps a call it
 * cannot prove free of side effects, so the proof code (chain/proof.ts and @ethereumjs/mpt read
 * only the keccak constants and the byte helpers of that package) built the whole curve when the
 * views' chunk was evaluated: 49-77 ms of one task at CPU 2x in every cold load (docs/decisions.md).
 * Marked pure, the unread ones and the curve's code leave the bundle. Only the build is changed:
 * the tests import the package as it is.
 */
export function pureLibraryConstants(): Plugin {
  return {
    name: "pure-library-constants",
    apply: "build",
    transform(code, id) {
      if (!MODULES.some((m) => m.test(id))) return null;
      const result = markConstantsPure(code);
      if (!result.marked.includes("SECP256K1_ORDER"))
        this.warn(`${id}: SECP256K1_ORDER is no longer a one-line constant; the curve stays in the bundle`);
      return { code: result.code, map: null };
    },
  };
}
