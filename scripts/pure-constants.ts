import type { Plugin } from "vite";

/** The modules whose one-line constants are marked pure, by how their path ends. */
const MODULES = [/\/@ethereumjs\/util\/dist\/esm\/constants\.js$/];
/** The module that fills a cache of 65,536 BigInts at its top level. */
const BYTES_MODULE = /\/@ethereumjs\/util\/dist\/esm\/bytes\.js$/;

/** The loop that fills @ethereumjs/util's BIGINT_CACHE (0 to 65,535) when the module is evaluated. */
const CACHE_FILL = /for \(let i = 0; i <= 256 \* 256 - 1; i\+\+\) \{\s*BIGINT_CACHE\[i\] = BigInt\(i\);\s*\}/;
/** A read of the cache, `BIGINT_CACHE[<index>]`, the index holding at most one level of brackets. */
const CACHE_READ = /BIGINT_CACHE\[((?:[^[\]]|\[[^\]]*\])+)\]/g;

/**
 * @ethereumjs/util's bytes module makes 65,536 BigInts at its top level, a cache `bytesToBigInt`
 * reads for one- and two-byte values: 28 ms at CPU 1x in Node, one task of about 50 ms at CPU 2x
 * when the views' chunk (with the proof code) is evaluated in a cold load's idle time. Without the
 * loop, those reads make the BigInt where they are asked for (a BigInt is a value: the same
 * result). Gives the code unchanged, and `dropped` false, when the loop is not there.
 */
export function dropBigintCache(code: string): { code: string; dropped: boolean } {
  if (!CACHE_FILL.test(code)) return { code, dropped: false };
  const out = code.replace(CACHE_FILL, "").replace(CACHE_READ, (_read, index: string) => `BigInt(${index})`);
  return { code: out, dropped: true };
}

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
 * Marked pure, the unread ones and the curve's code leave the bundle. Its bytes module's cache of
 * BigInts is dropped (`dropBigintCache`). Only the build is changed: the tests import the package as
 * it is.
 */
export function pureLibraryConstants(): Plugin {
  return {
    name: "pure-library-constants",
    apply: "build",
    transform(code, id) {
      if (BYTES_MODULE.test(id)) {
        const result = dropBigintCache(code);
        if (!result.dropped)
          this.warn(`${id}: its BIGINT_CACHE loop is no longer there as it was; the module is left as it is`);
        return { code: result.code, map: null };
      }
      if (!MODULES.some((m) => m.test(id))) return null;
      const result = markConstantsPure(code);
      if (!result.marked.includes("SECP256K1_ORDER"))
        this.warn(`${id}: SECP256K1_ORDER is no longer a one-line constant; the curve stays in the bundle`);
      return { code: result.code, map: null };
    },
  };
}
