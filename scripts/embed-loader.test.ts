import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { RpcPlaygroundResultDetail } from "../src/embed-loader/embed-api.d.ts";
import type { resultMessage } from "../src/features/embed/embed-messages.ts";
import { buildLoader, TYPES_FILE, TYPES_SOURCE } from "./embed-loader.ts";

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

describe("embed.d.ts (the types of what embed.js gives a page)", () => {
  /** Type-checks `page` (a page's script) with the served file, as a docs site's project would. */
  function check(page: string): string[] {
    const dir = mkdtempSync(join(tmpdir(), "embed-types-"));
    try {
      copyFileSync(TYPES_SOURCE, join(dir, TYPES_FILE));
      writeFileSync(join(dir, "page.ts"), page);
      const program = ts.createProgram([join(dir, TYPES_FILE), join(dir, "page.ts")], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
        types: [],
      });
      return ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("compiles on its own and types a page's use of the API and the events", () => {
    const errors = check(`
      import type { RpcPlaygroundHandle } from "./embed";
      const handle: RpcPlaygroundHandle | undefined = window.RpcPlayground?.get("#try-it");
      handle?.setKey("reader-key");
      handle?.setParams(["latest", false], "eth_getBlockByNumber");
      handle?.setTransport("ws");
      void handle?.send().catch((e: unknown) => {
        if (window.RpcPlayground && e instanceof window.RpcPlayground.Error) console.log(e.code, e.kind);
      });
      document.addEventListener("rpc-playground:result", (e) => {
        const ok: boolean = e.detail.ok;
        const ms: number = e.detail.latencyMs;
        console.log(ok, ms, e.detail.result, e.detail.error?.message);
      });
      document.querySelector("div")?.addEventListener("rpc-playground:ready", (e) => console.log(e.detail.network));
    `);
    expect(errors).toEqual([]);
  });

  it("refuses what the loader does not take", () => {
    const errors = check(`
      window.RpcPlayground?.get("#try-it")?.setTheme("blue");
      document.addEventListener("rpc-playground:ready", (e) => console.log(e.detail.latencyMs));
    `);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('"blue"');
    expect(errors[1]).toContain("latencyMs");
  });

  it("types the event the embed sends: its result message fits the declared detail", () => {
    // Checked by tsc (npm run typecheck): this fails to compile if the embed's message and the
    // declared detail part.
    const asDetail = (m: ReturnType<typeof resultMessage>): RpcPlaygroundResultDetail => m;
    expect(asDetail).toBeTypeOf("function");
    const fields = readFileSync(TYPES_SOURCE, "utf8");
    for (const field of ["id", "network", "transport", "latencyMs", "ref"])
      expect(fields).toMatch(new RegExp(`\\n  ${field}\\??: `));
  });
});
