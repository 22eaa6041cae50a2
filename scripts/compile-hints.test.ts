import { describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints.ts";

describe("addCompileHints", () => {
  it("puts V8's compile hint first in every chunk holding Monaco's code, before Vite's preload helper, and nowhere else", () => {
    const bundle = {
      "assets/monaco-view.js": {
        type: "chunk" as const,
        code: "import{a}from'./x.js';",
        moduleIds: ["/p/node_modules/monaco-editor/esm/vs/editor/browser/view.js"],
      },
      "assets/monaco.js": {
        type: "chunk" as const,
        code: "const __vite__mapDeps=(i)=>i;\nexport{}",
        moduleIds: ["/p/src/methods/schema.ts", "/p/node_modules/monaco-editor/esm/vs/editor/editor.api.js"],
      },
      "assets/app.js": { type: "chunk" as const, code: "export{}", moduleIds: ["/p/src/main.tsx"] },
      "assets/app.css": { type: "asset" as const },
    };
    addCompileHints(bundle);
    expect(bundle["assets/monaco-view.js"].code).toBe(`${COMPILE_HINT}\nimport{a}from'./x.js';`);
    expect(bundle["assets/monaco.js"].code.split("\n")[0]).toBe(COMPILE_HINT);
    expect(bundle["assets/app.js"].code).toBe("export{}");
  });
});
