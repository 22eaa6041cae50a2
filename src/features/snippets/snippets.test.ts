import { execFileSync, spawnSync } from "node:child_process";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { bodyFor } from "../../methods/body.ts";
import { defaultValues } from "../../methods/form-values.ts";
import { METHODS } from "../../methods/registry.ts";
import {
  allSnippets,
  jsLiteral,
  pyLiteral,
  SNIPPET_LANGUAGES,
  type SnippetInput,
  type SnippetLanguage,
  shellQuote,
  snippetFor,
} from "./snippets.ts";

const EVM = {
  kind: "evm" as const,
  base_url: "https://mainnet.example.io/",
  ws_url: "wss://mainnet.example.io",
};
const STARKNET = {
  kind: "starknet" as const,
  base_url: "https://sn.example.io",
  ws_url: "wss://sn.example.io",
};
const KEY = "s3cr3t-KEY-0123456789abcdef";

const ODD = [
  "it's",
  `say "hi"`,
  "back\\slash \\n not a newline",
  "$HOME and $(rm -rf /) and `id`",
  "naïve 日本語 🚀",
  "tab\tnew\nline",
  "'; echo pwned; '",
  "!event",
  "\u2028",
];

const input = (over: Partial<SnippetInput> = {}): SnippetInput => ({
  network: EVM,
  request: { id: 7, method: "eth_getBlockByNumber", params: ["0x8", false] },
  apiKey: KEY,
  revealKey: false,
  transport: "http",
  ...over,
});

const codeOf = (language: SnippetLanguage, i: SnippetInput): string => {
  const s = snippetFor(language, i);
  if (!("code" in s)) throw new Error(`${language} has no code: ${s.unavailable}`);
  return s.code;
};

/** The arguments a shell passes to `cmd` when it runs the snippet (a shell function prints them). */
function shellArgs(cmd: string, code: string): string[] {
  const script = `${cmd}() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${code}`;
  const out = execFileSync("sh", ["-c", script], { encoding: "utf8" });
  return out.split("\0").slice(0, -1);
}

/** Runs a JavaScript snippet with stand-ins for fetch / WebSocket / the libraries; returns the calls. */
async function runJs(code: string, globals: Record<string, unknown>): Promise<void> {
  const body = code.replace(/^import .*$/gm, "");
  await runInNewContext(`(async () => {\n${body}\n})()`, {
    JSON,
    console: { log() {}, error() {} },
    ...globals,
  });
}

const hasPython = spawnSync("python3", ["--version"]).status === 0;

/** Runs the Python snippet with a stand-in `requests` that prints what it was asked to post. */
function runPython(code: string): { url: string; json: unknown; timeout: number } {
  const stub = [
    "import sys, types, json as _json",
    "requests = types.ModuleType('requests')",
    "class _R:",
    "    def json(self): return {'result': None}",
    "def _post(url, json=None, timeout=None):",
    "    sys.stderr.write(_json.dumps({'url': url, 'json': json, 'timeout': timeout}))",
    "    return _R()",
    "requests.post = _post",
    "sys.modules['requests'] = requests",
  ].join("\n");
  const r = spawnSync("python3", ["-c", `${stub}\n${code}`], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stderr) as { url: string; json: unknown; timeout: number };
}

describe("shellQuote", () => {
  it.each(ODD)("survives a real shell unchanged: %j", (s) => {
    expect(execFileSync("sh", ["-c", `printf '%s' ${shellQuote(s)}`], { encoding: "utf8" })).toBe(s);
  });
});

describe("jsLiteral / pyLiteral", () => {
  const value = { a: ODD, n: [1, 0, -2.5, 1e21], b: [true, false, null], "odd key": { __proto__: 1 } };
  it("a JavaScript literal evaluates to the same value", () => {
    const parsed = JSON.parse(JSON.stringify(value)) as unknown;
    expect(runInNewContext(`(${jsLiteral(parsed)})`)).toEqual(parsed);
    // `__proto__` stays an own key rather than setting the prototype.
    const proto = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(Object.keys(runInNewContext(`(${jsLiteral(proto)})`) as object)).toEqual(["__proto__"]);
  });
  it.skipIf(!hasPython)("a Python literal evaluates to the same value", () => {
    const parsed = JSON.parse(JSON.stringify({ ...value, n: [1, 0, -2.5] })) as unknown;
    const out = execFileSync("python3", ["-c", `import json; print(json.dumps(${pyLiteral(parsed)}))`], {
      encoding: "utf8",
    });
    expect(JSON.parse(out)).toEqual(parsed);
  });
});

describe("snippets of a request", () => {
  const oddRequest = { id: 3, method: "eth_getStorageAt", params: [...ODD, { nested: ODD, flag: true }] };

  it("carry eth_estimateGas's overrides (null block, state override, block override) as they are", () => {
    const A = "0x00000000000000000000000000000000000000e1";
    const request = {
      id: 3,
      method: "eth_estimateGas",
      params: [
        { to: A },
        null,
        { [A]: { code: "0x00", state: { [`0x${"0".repeat(64)}`]: `0x${"0".repeat(63)}1` } } },
        { number: "0x100" },
      ],
    };
    const args = shellArgs("curl", codeOf("curl", input({ request })));
    expect(JSON.parse(args[6]!)).toEqual({ jsonrpc: "2.0", ...request });
    if (hasPython)
      expect(runPython(codeOf("python", input({ request }))).json).toEqual({ jsonrpc: "2.0", ...request });
  });

  it("offers every language, in the picker's order", () => {
    expect(allSnippets(input()).map((s) => s.language)).toEqual(SNIPPET_LANGUAGES.map((l) => l.id));
  });

  it("curl: POST with a JSON content type and the exact body, through a real shell", () => {
    for (const request of [input().request, oddRequest]) {
      const args = shellArgs("curl", codeOf("curl", input({ request })));
      expect(args).toEqual([
        "https://mainnet.example.io/v3/<API_KEY>",
        "-X",
        "POST",
        "-H",
        "Content-Type: application/json",
        "--data",
        expect.any(String),
      ]);
      expect(JSON.parse(args[6]!)).toEqual({ jsonrpc: "2.0", ...request });
    }
  });

  it("wscat: the WebSocket address and the exact body, through a real shell", () => {
    const args = shellArgs("wscat", codeOf("wscat", input({ request: oddRequest })));
    expect(args.slice(0, 3)).toEqual(["-c", "wss://mainnet.example.io/ws/v3/<API_KEY>", "-x"]);
    expect(JSON.parse(args[3]!)).toEqual({ jsonrpc: "2.0", ...oddRequest });
  });

  it("JavaScript fetch: posts the body as JSON to the HTTP address", async () => {
    const calls: { url: string; init: { method: string; headers: unknown; body: string } }[] = [];
    const fetch = async (url: string, init: { method: string; headers: unknown; body: string }) => {
      calls.push({ url, init });
      return { json: async () => ({ result: "0x1" }) };
    };
    await runJs(codeOf("fetch", input({ request: oddRequest })), { fetch });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://mainnet.example.io/v3/<API_KEY>");
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.headers).toEqual({ "Content-Type": "application/json" });
    expect(JSON.parse(calls[0]!.init.body)).toEqual({ jsonrpc: "2.0", ...oddRequest });
  });

  it("browser WebSocket: sends on open and takes only the answer with its id", async () => {
    const logged: unknown[] = [];
    const sockets: FakeSocket[] = [];
    class FakeSocket {
      sent: string[] = [];
      closed = false;
      listeners: Record<string, ((e: unknown) => void)[]> = {};
      constructor(readonly url: string) {
        sockets.push(this);
      }
      addEventListener(type: string, fn: (e: unknown) => void) {
        const list = this.listeners[type] ?? [];
        list.push(fn);
        this.listeners[type] = list;
      }
      send(data: string) {
        this.sent.push(data);
      }
      close() {
        this.closed = true;
      }
      emit(type: string, e: unknown) {
        for (const fn of this.listeners[type] ?? []) fn(e);
      }
    }
    const code = codeOf("websocket", input({ request: oddRequest }));
    await runInNewContext(code, {
      JSON,
      WebSocket: FakeSocket,
      console: { log: (v: unknown) => logged.push(v) },
    });
    const ws = sockets[0]!;
    expect(ws.url).toBe("wss://mainnet.example.io/ws/v3/<API_KEY>");
    ws.emit("open", {});
    expect(JSON.parse(ws.sent[0]!)).toEqual({ jsonrpc: "2.0", ...oddRequest });
    ws.emit("message", { data: JSON.stringify({ jsonrpc: "2.0", id: 99, result: "other" }) });
    expect(logged).toEqual([]);
    ws.emit("message", { data: JSON.stringify({ jsonrpc: "2.0", id: 3, result: "mine" }) });
    expect(logged).toEqual(["mine"]);
    expect(ws.closed).toBe(true);
  });

  it("viem: createPublicClient over http(url), then client.request({ method, params })", async () => {
    const code = codeOf("viem", input({ request: oddRequest }));
    expect(code).toContain('import { createPublicClient, http } from "viem";');
    const seen: unknown[] = [];
    await runJs(code, {
      http: (url: string) => ({ url }),
      createPublicClient: (opts: unknown) => {
        seen.push(opts);
        return { request: async (args: unknown) => void seen.push(args) };
      },
    });
    expect(seen).toEqual([
      { transport: { url: "https://mainnet.example.io/v3/<API_KEY>" } },
      { method: oddRequest.method, params: oddRequest.params },
    ]);
  });

  it("ethers v6: new JsonRpcProvider(url), then provider.send(method, params)", async () => {
    const code = codeOf("ethers", input({ request: oddRequest }));
    expect(code).toContain('import { JsonRpcProvider } from "ethers";');
    const seen: unknown[] = [];
    class JsonRpcProvider {
      constructor(url: string) {
        seen.push(url);
      }
      async send(method: string, params: unknown) {
        seen.push({ method, params });
      }
    }
    await runJs(code, { JsonRpcProvider });
    expect(seen).toEqual([
      "https://mainnet.example.io/v3/<API_KEY>",
      { method: oddRequest.method, params: oddRequest.params },
    ]);
  });

  it("viem and ethers mention the WebSocket form when the transport is WebSocket", () => {
    expect(codeOf("viem", input({ transport: "ws" }))).toContain("webSocket(");
    expect(codeOf("ethers", input({ transport: "ws" }))).toContain("WebSocketProvider");
    expect(codeOf("viem", input())).not.toContain("webSocket");
  });

  it.skipIf(!hasPython)("Python requests: posts the body as json= with a timeout", () => {
    const call = runPython(codeOf("python", input({ request: oddRequest })));
    expect(call).toEqual({
      url: "https://mainnet.example.io/v3/<API_KEY>",
      json: { jsonrpc: "2.0", ...oddRequest },
      timeout: 30,
    });
  });

  it("every method's example body comes through every language unchanged", async () => {
    for (const def of METHODS) {
      const { id, method, params } = bodyFor(def, defaultValues(def), 12);
      const i = input({
        network: def.chain === "starknet" ? STARKNET : EVM,
        request: { id, method, params },
      });
      const args = shellArgs("curl", codeOf("curl", i));
      expect(JSON.parse(args.at(-1)!)).toEqual({ jsonrpc: "2.0", id, method, params });
      for (const s of allSnippets(i)) {
        if ("code" in s) expect(s.code).toContain(method);
      }
    }
  });

  it("Starknet: viem and ethers say they do not apply instead of giving wrong code", () => {
    const i = input({
      network: STARKNET,
      request: { id: 1, method: "starknet_getBlockWithTxHashes", params: { block_id: "latest" } },
    });
    for (const language of ["viem", "ethers"] as const) {
      const s = snippetFor(language, i);
      expect("unavailable" in s && s.unavailable).toMatch(/EVM chains.*Starknet/);
    }
    expect(codeOf("curl", i)).toContain("https://sn.example.io/v3/<API_KEY>");
    expect(codeOf("wscat", i)).toContain("wss://sn.example.io/ws/v3/<API_KEY>");
  });
});

describe("the key", () => {
  const weirdKey = "k3y/with space&é";
  const spellings = (k: string) => [k, encodeURIComponent(k)];

  it("never appears in any snippet unless revealed", () => {
    for (const apiKey of [KEY, weirdKey]) {
      for (const network of [EVM, STARKNET]) {
        for (const transport of ["http", "ws"] as const) {
          for (const s of allSnippets(input({ apiKey, network, transport }))) {
            const text = "code" in s ? s.code : s.unavailable;
            for (const k of spellings(apiKey)) expect(text).not.toContain(k);
            if ("code" in s) expect(text).toContain("<API_KEY>");
          }
        }
      }
    }
  });

  it("appears (percent-encoded as the endpoint sends it) once revealed", () => {
    for (const s of allSnippets(input({ apiKey: weirdKey, revealKey: true }))) {
      if (!("code" in s)) continue;
      expect(s.code).toContain(encodeURIComponent(weirdKey));
      expect(s.code).not.toContain("<API_KEY>");
    }
    const args = shellArgs("curl", codeOf("curl", input({ revealKey: true })));
    expect(args[0]).toBe(`https://mainnet.example.io/v3/${KEY}`);
  });

  it("stays a placeholder when revealed but there is no key", () => {
    expect(codeOf("curl", input({ apiKey: "", revealKey: true }))).toContain("/v3/<API_KEY>");
  });
});

describe("a body sent as written (a batch, a body with problems)", () => {
  const batch = `[\n  {"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]},\n  {"jsonrpc":"2.0","id":"two","method":"eth_blockNumber","params":[]}\n]`;
  it("curl and wscat send the text byte for byte", () => {
    const curl = shellArgs("curl", codeOf("curl", input({ asWritten: batch })));
    expect(curl.at(-1)).toBe(batch);
    const wscat = shellArgs("wscat", codeOf("wscat", input({ asWritten: batch, transport: "ws" })));
    expect(wscat.at(-1)).toBe(batch);
  });
  it("fetch, WebSocket and Python carry the same text; viem and ethers say why they cannot", () => {
    for (const l of ["fetch", "websocket", "python"] as const)
      expect(codeOf(l, input({ asWritten: batch }))).toContain(JSON.stringify(batch));
    for (const l of ["viem", "ethers"] as const)
      expect(snippetFor(l, input({ asWritten: batch }))).toMatchObject({
        unavailable: expect.stringMatching(/as written/),
      });
  });
});
