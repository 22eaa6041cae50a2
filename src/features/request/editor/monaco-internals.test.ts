import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * monaco-mount.ts builds the model's bracket pairs in an idle task of its own through Monaco's
 * internal `bracketPairs` (not in its typings); where a Monaco upgrade drops or changes it, the
 * editor still works, its first drawing just builds them itself again, a long task on a cold load
 * (docs/decisions.md, "Monaco's first line drawn on a laid-out page"). This says so at the upgrade.
 */
const esm = dirname(fileURLToPath(import.meta.resolve("monaco-editor/editor/common/model/textModel.js")));
const read = (path: string) => readFileSync(join(esm, path), "utf8");

describe("Monaco's internals the editor's mount relies on", () => {
  it("a text model has its bracket pairs part, whose range read builds the tree and parses the text at once", () => {
    expect(read("textModel.js")).toMatch(/get bracketPairs\(\) \{ return this\._bracketPairs; \}/);
    const part = read("bracketPairsTextModelPart/bracketPairsImpl.js");
    expect(part).toMatch(
      /getBracketsInRange\(range, onlyColorizedBrackets = false\) \{\s*this\.bracketsRequested = true;\s*this\.updateBracketPairsTree\(\);/,
    );
    const tree = read("bracketPairsTextModelPart/bracketPairsTree/bracketPairsTree.js");
    expect(tree).toMatch(/getBracketsInRange\(range, onlyColorizedBrackets\) \{\s*this\.flushQueue\(\);/);
  });
});
