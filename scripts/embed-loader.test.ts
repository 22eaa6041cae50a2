import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildLoader } from "./embed-loader.ts";

describe("embed.js (the one-tag embed's loader)", () => {
  it("is one small classic script with none of the app in it", async () => {
    const code = await buildLoader();
    // A classic script: `<script src>` runs it and document.currentScript names it.
    expect(code.startsWith("(function(){")).toBe(true);
    expect(code).not.toMatch(/\bimport\s*[("{*]|\bexport\s*[{*]|import\.meta/);
    expect(code).not.toMatch(/react|zustand|zod/i);
    // A few KB: 8.4 KB raw, 3.5 KB gzip when written.
    expect(code.length).toBeLessThan(12_000);
    expect(gzipSync(code).length).toBeLessThan(5_000);
  }, 30_000);
});
