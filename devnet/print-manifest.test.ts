import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DATA_DOC_PATH, renderManifestMarkdown } from "./print-manifest.ts";
import type { SeedManifest } from "./seed.ts";
import committedJson from "./seed-manifest.json" with { type: "json" };

const committed = committedJson as SeedManifest;

describe("docs/devnet-data.md", () => {
  it("is what the committed manifest renders to (regenerate: npx tsx devnet/print-manifest.ts --write)", () => {
    expect(readFileSync(DATA_DOC_PATH, "utf8")).toBe(renderManifestMarkdown(committed));
  });

  it("names every transaction hash, block hash and contract address of the manifest", () => {
    const md = renderManifestMarkdown(committed);
    const names = [
      ...Object.values(committed.transactions).map((t) => t.hash),
      ...committed.blocks.map((b) => b.hash),
      ...Object.values(committed.contracts).map((c) => c.address),
      ...committed.storage.mapping.entries.map((e) => e.position),
      committed.heavyBlock.hash,
      committed.reverts.customError.selector,
    ];
    for (const n of names) expect(md).toContain(n);
  });
});
