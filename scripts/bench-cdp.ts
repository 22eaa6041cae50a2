/**
 * The bench's browser driver: Chromium over the DevTools protocol (CDP), spoken directly on
 * `--remote-debugging-pipe` (NUL-terminated JSON messages on file descriptors 3 and 4), with one
 * flattened session per page (Target.attachToTarget). It enables only what it needs (Page, for the
 * load event) and never the Network domain: DevTools network recording copies every response body
 * on the page's main thread (+200 ms and long tasks of 165-240 ms for a bare 16 MB fetch under
 * Playwright), which would hide the app's own long tasks and pull its ratios to bare toward 1.
 * `sentMethods` lists every method sent, per session, so the bench can show recording was off.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { OMNIBOX_POPUP_FEATURES } from "./chromium-features.ts";

/**
 * Splits what came so far on the pipe into whole messages (each ends with a NUL) and the rest, an
 * unfinished message to prepend to the next chunk.
 */
export function splitFrames(pending: string, chunk: string): { messages: string[]; rest: string } {
  const parts = (pending + chunk).split("\0");
  const rest = parts.pop() ?? "";
  return { messages: parts, rest };
}

/** One message on the pipe: JSON and the NUL that ends it. */
export function frame(message: unknown): string {
  return `${JSON.stringify(message)}\0`;
}

type Reply = { id: number; result?: unknown; error?: { message: string; data?: string }; sessionId?: string };
type Event = { method: string; params: Record<string, unknown>; sessionId?: string };

export class Browser {
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { ok: (r: unknown) => void; fail: (e: Error) => void; method: string }
  >();
  private readonly listeners = new Set<(e: Event) => void>();
  /** Every method sent, by session ("" for the browser's own). */
  readonly sentMethods = new Map<string, Set<string>>();
  private stderrTail = "";

  private constructor(
    private readonly proc: ChildProcess,
    private readonly out: Writable,
    private readonly profile: string,
  ) {}

  static async launch(executable: string, extraArgs: string[] = []): Promise<Browser> {
    const profile = mkdtempSync(join(tmpdir(), "bench-chromium-"));
    const proc = spawn(
      executable,
      [
        "--headless=new",
        "--remote-debugging-pipe",
        `--user-data-dir=${profile}`,
        "--no-first-run",
        "--no-default-browser-check",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        // As Playwright launches it: a hidden headless page is not throttled as a background tab.
        "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows",
        "--disable-renderer-backgrounding",
        "--disable-extensions",
        "--mute-audio",
        "--hide-scrollbars",
        "--window-size=1280,720",
        "--enable-precise-memory-info",
        // Each fresh page here is a window of its own: its omnibox popup would start beside the page measured.
        `--disable-features=${OMNIBOX_POPUP_FEATURES.join(",")}`,
        ...extraArgs,
        "about:blank",
      ],
      { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
    );
    const b = new Browser(proc, proc.stdio[3] as Writable, profile);
    proc.stderr?.on("data", (d: Buffer) => {
      b.stderrTail = (b.stderrTail + d.toString()).slice(-2000);
    });
    let pending = "";
    const replies = proc.stdio[4] as Readable;
    // Decoded as a stream: a character split across two chunks is joined, not mangled.
    replies.setEncoding("utf8");
    replies.on("data", (d: string) => {
      const { messages, rest } = splitFrames(pending, d);
      pending = rest;
      for (const m of messages) b.receive(JSON.parse(m) as Reply & Event);
    });
    proc.on("exit", () => {
      for (const w of b.waiting.values()) w.fail(new Error(`chromium exited: ${b.stderrTail}`));
      b.waiting.clear();
    });
    await b.send("Browser.getVersion");
    return b;
  }

  private receive(m: Reply & Event) {
    if (typeof m.id === "number") {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error) w.fail(new Error(`${w.method}: ${m.error.message} ${m.error.data ?? ""}`));
      else w.ok(m.result);
      return;
    }
    for (const l of this.listeners) l(m);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId = ""): Promise<T> {
    const id = this.nextId++;
    const sent = this.sentMethods.get(sessionId) ?? new Set<string>();
    this.sentMethods.set(sessionId, sent.add(method));
    const reply = new Promise<T>((ok, fail) =>
      this.waiting.set(id, { ok: ok as (r: unknown) => void, fail, method }),
    );
    this.out.write(frame({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return reply;
  }

  /** Calls `listener` with every event until the returned function is called. */
  on(listener: (e: Event) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves with the first event `method` of `sessionId` that `match` accepts. */
  waitEvent(method: string, sessionId: string, timeoutMs = 60_000): Promise<Record<string, unknown>> {
    return new Promise((ok, fail) => {
      const timer = setTimeout(() => {
        this.listeners.delete(l);
        fail(new Error(`no ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      const l = (e: Event) => {
        if (e.method !== method || (e.sessionId ?? "") !== sessionId) return;
        clearTimeout(timer);
        this.listeners.delete(l);
        ok(e.params);
      };
      this.listeners.add(l);
    });
  }

  /** A new page (tab); in a browser context of its own (an empty cache) when `isolated`. */
  async newPage(isolated = false): Promise<Page> {
    const context = isolated
      ? (await this.send<{ browserContextId: string }>("Target.createBrowserContext")).browserContextId
      : undefined;
    const { targetId } = await this.send<{ targetId: string }>("Target.createTarget", {
      url: "about:blank",
      ...(context ? { browserContextId: context } : {}),
    });
    const { sessionId } = await this.send<{ sessionId: string }>("Target.attachToTarget", {
      targetId,
      flatten: true,
    });
    const page = new Page(this, targetId, sessionId, context);
    await page.send("Page.enable");
    // Focused as a foreground tab is: key events reach the focused input, rAF runs at full rate.
    await page.send("Emulation.setFocusEmulationEnabled", { enabled: true });
    // tsx names functions with a `__name` helper, which the page does not have.
    await page.addInitScript("globalThis.__name = (f) => f;");
    return page;
  }

  async close() {
    const exited = new Promise((r) => this.proc.once("exit", r));
    await this.send("Browser.close").catch(() => undefined);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (this.proc.exitCode === null) this.proc.kill("SIGKILL");
    rmSync(this.profile, { recursive: true, force: true });
  }
}

/** A function run in the page: its source is sent, so it may use only its argument. */
type PageFn<A, R> = (arg: A) => R | Promise<R>;

export class Page {
  constructor(
    private readonly browser: Browser,
    private readonly targetId: string,
    readonly sessionId: string,
    private readonly context: string | undefined,
  ) {}

  send<T = Record<string, unknown>>(method: string, params: object = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  /** Sent without waiting for the reply (key events typed on a clock while the page is busy). */
  fire(method: string, params: object = {}) {
    this.send(method, params).catch(() => undefined);
  }

  addInitScript(source: string) {
    return this.send("Page.addScriptToEvaluateOnNewDocument", { source });
  }

  /** Navigates and waits for the load event. */
  async goto(url: string) {
    const loaded = this.browser.waitEvent("Page.loadEventFired", this.sessionId);
    const r = await this.send<{ errorText?: string }>("Page.navigate", { url });
    if (r.errorText) throw new Error(`navigating to ${url}: ${r.errorText}`);
    await loaded;
  }

  /** Runs `fn(arg)` in the page, awaits its promise and returns its value (JSON). */
  evaluate<A, R>(fn: PageFn<A, R>, arg?: A): Promise<R> {
    return this.run<R>(`(${fn.toString()})(${arg === undefined ? "" : JSON.stringify(arg)})`);
  }

  private async run<R>(expression: string): Promise<R> {
    const r = await this.send<{
      result: { value?: R };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>("Runtime.evaluate", {
      // tsx names functions with a `__name` helper, which a page loaded before the init script lacks.
      expression: `globalThis.__name ??= (f) => f; ${expression}`,
      awaitPromise: true,
      returnByValue: true,
    });
    if (r.exceptionDetails)
      throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value as R;
  }

  /** Waits until `condition` (page JavaScript, an expression) is truthy, looking every 16 ms. */
  waitFor(condition: string, timeoutMs = 30_000): Promise<void> {
    return this.run(`new Promise((done, fail) => {
      const until = performance.now() + ${timeoutMs};
      const look = () => {
        if (${condition}) done();
        else if (performance.now() > until) fail(new Error(${JSON.stringify(`timed out waiting for ${condition}`)}));
        else setTimeout(look, 16);
      };
      look();
    })`);
  }

  /**
   * Runs `run` while the page's trace is recorded (the timeline, V8's and the scheduler's categories,
   * as DevTools' Performance panel records them; JavaScript samples only with `samples`: their start-up lands in the first script run, some 400 ms)
   * and writes it to `file`,
   * for DevTools or Perfetto to open. Tracing adds its own cost: a traced run's figures are not the
   * bench's.
   */
  async trace<T>(file: string, run: () => Promise<T>, samples = false): Promise<T> {
    const events: unknown[] = [];
    const off = this.browser.on((e) => {
      if (e.method === "Tracing.dataCollected" && e.sessionId === this.sessionId)
        events.push(...(e.params.value as unknown[]));
    });
    const categories = [
      "devtools.timeline",
      "disabled-by-default-devtools.timeline",
      "disabled-by-default-devtools.timeline.frame",
      "v8",
      "v8.execute",
      "blink.user_timing",
      "loading",
      "toplevel",
      ...(samples ? ["disabled-by-default-v8.cpu_profiler"] : []),
      // BENCH_CATS (scripts/bench.ts): more categories, for a cause the default ones do not show.
      ...(process.env.BENCH_CATS ? process.env.BENCH_CATS.split(",") : []),
    ];
    await this.send("Tracing.start", {
      traceConfig: { includedCategories: categories },
      transferMode: "ReportEvents",
    });
    try {
      return await run();
    } finally {
      const done = this.browser.waitEvent("Tracing.tracingComplete", this.sessionId);
      await this.send("Tracing.end");
      await done;
      off();
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
    }
  }

  throttle(rate: number) {
    return this.send("Emulation.setCPUThrottlingRate", { rate });
  }

  /** The JS heap in use after a full garbage collection, MB. */
  async heapMB(): Promise<number> {
    await this.send("HeapProfiler.collectGarbage");
    const { usedSize } = await this.send<{ usedSize: number }>("Runtime.getHeapUsage");
    return usedSize / 1024 / 1024;
  }

  /** A key pressed and released (text keys type their text); not awaited when `wait` is false. */
  async key(key: string, opts: { modifiers?: number; wait?: boolean } = {}) {
    const named: Record<string, [string, number]> = {
      End: ["End", 35],
      Enter: ["Enter", 13],
      " ": ["Space", 32],
    };
    const [code, vk] = named[key] ?? [
      /^[0-9]$/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`,
      key.toUpperCase().charCodeAt(0),
    ];
    const text = key.length === 1 && !opts.modifiers ? key : undefined;
    const base = { key, code, windowsVirtualKeyCode: vk, modifiers: opts.modifiers ?? 0 };
    const down = { type: text ? "keyDown" : "rawKeyDown", ...base, ...(text ? { text } : {}) };
    const up = { type: "keyUp", ...base };
    if (opts.wait === false) {
      this.fire("Input.dispatchKeyEvent", down);
      this.fire("Input.dispatchKeyEvent", up);
      return;
    }
    await this.send("Input.dispatchKeyEvent", down);
    await this.send("Input.dispatchKeyEvent", up);
  }

  /** A real mouse click in the middle of the first element `selector` matches. */
  async click(selector: string) {
    const at = await this.evaluate((s) => {
      const r = document.querySelector(s)?.getBoundingClientRect();
      return r ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
    }, selector);
    if (!at) throw new Error(`nothing to click at ${selector}`);
    const mouse = { ...at, button: "left", clickCount: 1 };
    await this.send("Input.dispatchMouseEvent", { type: "mouseMoved", ...at });
    await this.send("Input.dispatchMouseEvent", { type: "mousePressed", ...mouse });
    await this.send("Input.dispatchMouseEvent", { type: "mouseReleased", ...mouse });
  }

  async close() {
    await this.browser.send("Target.closeTarget", { targetId: this.targetId });
    if (this.context)
      await this.browser.send("Target.disposeBrowserContext", { browserContextId: this.context });
  }
}
