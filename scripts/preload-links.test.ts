import { describe, expect, it } from "vitest";
import { preloadLinks, stalePreloadRule } from "./preload-links.ts";
import { pageChunkGroups } from "./static-graph.ts";

const deps = ["assets/views-a1.js", "assets/zod-config-b2.js", "assets/view-c3.css"];

describe("preloadLinks", () => {
  it("keeps the links of the pages the entry chunk imports, of Monaco's steps and of the HTML", () => {
    expect(
      preloadLinks("assets/playground-C56.js", deps, { hostId: "assets/app-CF39R2cg.js", hostType: "js" }),
    ).toEqual(deps);
    expect(
      preloadLinks("assets/EmbedApp-BW.js", deps, { hostId: "assets/app-CF3_9-R2.js", hostType: "js" }),
    ).toEqual(deps);
    expect(
      preloadLinks("assets/monaco-4-view-Ni.js", deps, { hostId: "assets/panels-Bs.js", hostType: "js" }),
    ).toEqual(deps);
    expect(preloadLinks("assets/app-CF39R2cg.js", deps, { hostId: "index.html", hostType: "html" })).toEqual(
      deps,
    );
  });

  it("links only the CSS of the lazy parts imported elsewhere (fetched in idle time)", () => {
    const css = ["assets/view-c3.css"];
    expect(
      preloadLinks("assets/AnswerView-C.js", deps, { hostId: "assets/panels-Bs.js", hostType: "js" }),
    ).toEqual(css);
    expect(
      preloadLinks("assets/SharePanel-B.js", deps, { hostId: "assets/playground-C5.js", hostType: "js" }),
    ).toEqual(css);
    // A chunk whose name only holds "app" is not the entry chunk.
    expect(preloadLinks("assets/x-1.js", deps, { hostId: "assets/EmbedApp-BW.js", hostType: "js" })).toEqual(
      css,
    );
  });

  it("reads the entry chunk's name as the build gives it (the `app` group of pageChunkGroups)", () => {
    expect(pageChunkGroups().map((g) => g.name)).toContain("app");
  });
});

describe("stalePreloadRule", () => {
  const monaco = { type: "chunk" as const, fileName: "assets/monaco-4-view-Ni.js" };
  const app = {
    type: "chunk" as const,
    fileName: "assets/app-CF39R2cg.js",
    dynamicImports: ["assets/p-1.js"],
  };

  it("passes a build with the app chunk importing the pages and Monaco's steps", () => {
    expect(stalePreloadRule([app, monaco, { type: "asset", fileName: "assets/app-x.css" }])).toBeNull();
  });

  it("names what is missing when a chunk is renamed", () => {
    expect(stalePreloadRule([{ ...app, fileName: "assets/entry-CF39R2cg.js" }, monaco])).toMatch(
      /one chunk named app-… that imports the pages; the build has none/,
    );
    expect(stalePreloadRule([{ ...app, dynamicImports: [] }, monaco])).toMatch(/imports no page/);
    expect(stalePreloadRule([app])).toMatch(/Monaco's chunks named monaco-…/);
  });
});
