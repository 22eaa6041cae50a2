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

/**
 * load-monaco.ts makes the theme service in an idle task of its own and hands it to the services'
 * start as an override, and monaco-mount.ts gives the editor's settings to the configuration
 * service a step before the editor is made (docs/decisions.md, "Monaco's theme service and the
 * editor's settings, each a step of its own"). A Monaco that changes these still works (a second
 * theme service, settings written again), the steps just stop taking work off the next ones; this
 * says so at the upgrade.
 */
describe("Monaco's internals the services' and the editor's steps rely on", () => {
  const standalone = (path: string) => read(join("../../standalone", path));

  it("the theme service takes no service in its constructor, and an override replaces it while it is not made yet", () => {
    expect(standalone("browser/standaloneThemeService.js")).toMatch(
      /class StandaloneThemeService extends Disposable \{\s*constructor\(\) \{/,
    );
    expect(standalone("common/standaloneTheme.js")).toMatch(
      /IStandaloneThemeService = createDecorator\('themeService'\)/,
    );
    const services = standalone("browser/standaloneServices.js");
    expect(services).toMatch(/registerSingleton\(IStandaloneThemeService, StandaloneThemeService,/);
    expect(services).toMatch(
      /const serviceIdentifier = createDecorator\(serviceId\);\s*const r = serviceCollection\.get\(serviceIdentifier\);\s*if \(r instanceof SyncDescriptor\) \{\s*serviceCollection\.set\(serviceIdentifier, overrides\[serviceId\]\);/,
    );
  });

  it("the editor's creation writes its settings to the configuration service first, which skips a setting it holds already", () => {
    expect(standalone("browser/standaloneServices.js")).toMatch(
      /updateValues\(values\) \{[\s\S]{0,200}?for \(const entry of values\) \{\s*const \[key, value\] = entry;\s*if \(this\.getValue\(key\) === value\) \{\s*continue;/,
    );
    expect(standalone("browser/standaloneCodeEditor.js")).toMatch(
      /const options = \{ \.\.\._options \};\s*updateConfigurationService\(configurationService, options, false\);/,
    );
  });
});
