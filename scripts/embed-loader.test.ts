import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { RpcPlaygroundResultDetail } from "../src/embed-loader/embed-api.d.ts";
import { resultMessage } from "../src/features/embed/embed-messages.ts";
import { CATALOG } from "../src/networks/network.ts";
import { TimeoutError } from "../src/rpc/errors.ts";
import type { SentEvent } from "../src/send/sent.ts";
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
  /** The project's own TypeScript compiler (TypeScript 7 has no JavaScript API to build a program with). */
  const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin/tsc");

  /**
   * Type-checks `page` (a page's script) with the served file, as a docs site's project would: its
   * own tsconfig.json, `tsc` run on it. Gives each error's message (with its chain, if any).
   */
  function check(page: string): string[] {
    const dir = mkdtempSync(join(tmpdir(), "embed-types-"));
    try {
      copyFileSync(TYPES_SOURCE, join(dir, TYPES_FILE));
      writeFileSync(join(dir, "page.ts"), page);
      const compilerOptions = {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "bundler",
        lib: ["ES2022", "DOM"],
        types: [],
      };
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify({ compilerOptions, files: [TYPES_FILE, "page.ts"] }),
      );
      const run = spawnSync(process.execPath, [tsc, "-p", dir, "--pretty", "false"], { encoding: "utf8" });
      if (run.error) throw run.error;
      // One error a line ("page.ts(2,7): error TS2345: …"); its chain follows on indented lines.
      const errors = run.stdout
        .split(/\n(?=\S)/)
        .filter((e) => /error TS\d+:/.test(e))
        .map((e) => e.replace(/^.*?error TS\d+: /, "").trimEnd());
      // A compiler that did not run, or failed without saying where, is not a clean check.
      if ((run.status === 0) !== (errors.length === 0)) throw new Error(`tsc: ${run.stdout}${run.stderr}`);
      return errors;
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

  it("declares every field of the embed's result messages, and tsc holds their types to it", () => {
    // Types: this fails to compile (npm run typecheck) if the embed's message and the detail part.
    const asDetail = (m: ReturnType<typeof resultMessage>): RpcPlaygroundResultDetail => m;
    // Fields: each one the embed writes, in a result, a node's error and a failure, is declared.
    const file = readFileSync(TYPES_SOURCE, "utf8");
    const start = file.indexOf("export type RpcPlaygroundResultDetail");
    const declared = file.slice(start, file.indexOf("\n};", start));
    const network = CATALOG.find((n) => n.id === "devnet");
    if (!network) throw new Error("no devnet in the catalog");
    const vars = {
      network,
      apiKey: "k",
      transport: "ws" as const,
      body: { jsonrpc: "2.0" as const, id: 7, method: "eth_getBlockByNumber", params: ["0x1", false] },
      timeoutMs: 30_000,
    };
    const meta = { transport: "ws" as const, latencyMs: 12, sizeBytes: 100 };
    const events: SentEvent[] = [
      { vars, at: 0, ok: true, answer: { kind: "result", result: { number: "0x1" }, raw: {}, meta } },
      {
        vars,
        at: 0,
        ok: true,
        answer: { kind: "error", error: { code: 3, message: "reverted", data: "0x08" }, raw: {}, meta },
      },
      { vars, at: 0, ok: false, error: new TimeoutError({ timeoutMs: 5_000, transport: "ws" }) },
    ];
    for (const e of events) {
      const m = asDetail(resultMessage(e, "1"));
      for (const key of [...Object.keys(m), ...Object.keys(m.error ?? {})])
        expect(declared, key).toMatch(new RegExp(`[\\s{]${key}\\??:\\s`));
    }
  });
});
