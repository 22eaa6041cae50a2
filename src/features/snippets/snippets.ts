import type { JsonRpcBody } from "../../methods/body.ts";
import { httpEndpoint, type Network, wsEndpoint } from "../../networks/network.ts";
import { REDACTED_KEY } from "../../rpc/redact.ts";

/**
 * Code snippets of one request, in the languages a developer takes it into. Pure: the request,
 * the network's addresses and the key in, text out. The key is written as `<API_KEY>` unless the
 * caller says to reveal it (and there is one).
 */

export const SNIPPET_LANGUAGES = [
  { id: "curl", label: "curl" },
  { id: "fetch", label: "JavaScript fetch" },
  { id: "wscat", label: "WebSocket (wscat)" },
  { id: "websocket", label: "WebSocket (browser)" },
  { id: "viem", label: "viem" },
  { id: "ethers", label: "ethers v6" },
  { id: "python", label: "Python requests" },
] as const;

export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]["id"];

export type SnippetInput = {
  network: Pick<Network, "kind" | "base_url" | "ws_url">;
  request: Pick<JsonRpcBody, "id" | "method" | "params">;
  apiKey: string;
  revealKey: boolean;
  transport: "http" | "ws";
  /**
   * The body exactly as it is sent, when it is not the canonical request (a batch, a body with
   * problems, text that is not JSON): the snippets then send this text, byte for byte.
   */
  asWritten?: string | undefined;
};

type Snippet =
  | { language: SnippetLanguage; label: string; code: string }
  /** A language that does not apply to this request (viem and ethers on Starknet), and why. */
  | { language: SnippetLanguage; label: string; unavailable: string };

/** A stand-in the endpoint builders leave as it is (no character to percent-encode). */
const KEY_TOKEN = "API_KEY_PLACEHOLDER";

/** The HTTP and WebSocket addresses, with the key or with `<API_KEY>` in its place. */
function snippetEndpoints(input: Pick<SnippetInput, "network" | "apiKey" | "revealKey">): {
  http: string;
  ws: string;
} {
  const reveal = input.revealKey && input.apiKey !== "";
  if (reveal)
    return { http: httpEndpoint(input.network, input.apiKey), ws: wsEndpoint(input.network, input.apiKey) };
  const swap = (url: string) => {
    const at = url.lastIndexOf(KEY_TOKEN);
    return url.slice(0, at) + REDACTED_KEY + url.slice(at + KEY_TOKEN.length);
  };
  return {
    http: swap(httpEndpoint(input.network, KEY_TOKEN)),
    ws: swap(wsEndpoint(input.network, KEY_TOKEN)),
  };
}

/** POSIX shell single quotes: everything literal; a `'` is closed, escaped and reopened. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A JSON value as a JavaScript literal (JSON is JS; `__proto__` as a key would set the prototype). */
export function jsLiteral(value: unknown, indent = ""): string {
  return literal(value, indent, {
    str: (s) => JSON.stringify(s),
    key: (k) => (k === "__proto__" ? `["__proto__"]` : /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)),
    true: "true",
    false: "false",
    null: "null",
    pad: "  ",
  });
}

/**
 * A JSON value as a Python literal. JSON's string escapes (\" \\ \n \uXXXX …) mean the same in
 * Python; true/false/null become True/False/None.
 */
export function pyLiteral(value: unknown, indent = ""): string {
  return literal(value, indent, {
    str: (s) => JSON.stringify(s),
    key: (k) => JSON.stringify(k),
    true: "True",
    false: "False",
    null: "None",
    pad: "    ",
  });
}

type Dialect = {
  str(s: string): string;
  key(k: string): string;
  true: string;
  false: string;
  null: string;
  pad: string;
};

function literal(value: unknown, indent: string, d: Dialect): string {
  if (value === null || value === undefined) return d.null;
  if (value === true) return d.true;
  if (value === false) return d.false;
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : d.null;
  if (typeof value === "string") return d.str(value);
  const inner = indent + d.pad;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const flat = value.every((v) => v === null || typeof v !== "object");
    const items = value.map((v) => literal(v, inner, d));
    const oneLine = `[${items.join(", ")}]`;
    if (flat && oneLine.length + indent.length <= 80) return oneLine;
    return `[\n${items.map((i) => `${inner}${i},`).join("\n")}\n${indent}]`;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([k, v]) => `${inner}${d.key(k)}: ${literal(v, inner, d)},`).join("\n")}\n${indent}}`;
  }
  return d.null;
}

/** The body as it goes on the wire, in the order of the editor's body. */
function wireBody(req: SnippetInput["request"]) {
  return { jsonrpc: "2.0" as const, id: req.id, method: req.method, params: req.params };
}

const label = (language: SnippetLanguage) =>
  SNIPPET_LANGUAGES.find((l) => l.id === language)?.label ?? language;

function notEvm(language: SnippetLanguage, library: string): Snippet {
  return {
    language,
    label: label(language),
    unavailable: `${library} is a library for EVM chains and has no client for Starknet. Use the curl, JavaScript fetch or Python snippet, or starknet.js (RpcProvider) in your code.`,
  };
}

type Builder = (input: SnippetInput, urls: { http: string; ws: string }) => string;

const BUILDERS: Record<SnippetLanguage, Builder> = {
  curl: (input, urls) =>
    [
      `curl ${shellQuote(urls.http)} \\`,
      `  -X POST \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  --data ${shellQuote(JSON.stringify(wireBody(input.request)))}`,
    ].join("\n"),

  fetch: (input, urls) =>
    [
      `const response = await fetch(${JSON.stringify(urls.http)}, {`,
      `  method: "POST",`,
      `  headers: { "Content-Type": "application/json" },`,
      `  body: JSON.stringify(${jsLiteral(wireBody(input.request), "  ")}),`,
      `});`,
      `const answer = await response.json();`,
      `console.log(answer.error ?? answer.result);`,
    ].join("\n"),

  wscat: (input, urls) =>
    `wscat -c ${shellQuote(urls.ws)} -x ${shellQuote(JSON.stringify(wireBody(input.request)))}`,

  websocket: (input, urls) =>
    [
      `const request = ${jsLiteral(wireBody(input.request))};`,
      `const ws = new WebSocket(${JSON.stringify(urls.ws)});`,
      `ws.addEventListener("open", () => ws.send(JSON.stringify(request)));`,
      `ws.addEventListener("message", (event) => {`,
      `  const answer = JSON.parse(event.data);`,
      `  if (answer.id !== request.id) return; // the answer to another request on this socket`,
      `  console.log(answer.error ?? answer.result);`,
      `  ws.close();`,
      `});`,
      `ws.addEventListener("error", () => console.error("The WebSocket could not connect, or it dropped."));`,
    ].join("\n"),

  viem: (input, urls) =>
    [
      `import { createPublicClient, http } from "viem";`,
      ``,
      ...(input.transport === "ws"
        ? [
            `// Over WebSocket: import { webSocket } from "viem" and use webSocket(${JSON.stringify(urls.ws)}).`,
          ]
        : []),
      `const client = createPublicClient({ transport: http(${JSON.stringify(urls.http)}) });`,
      `const result = await client.request({`,
      `  method: ${JSON.stringify(input.request.method)},`,
      `  params: ${jsLiteral(input.request.params, "  ")},`,
      `});`,
      `console.log(result);`,
    ].join("\n"),

  ethers: (input, urls) =>
    [
      `import { JsonRpcProvider } from "ethers";`,
      ``,
      ...(input.transport === "ws"
        ? [
            `// Over WebSocket: import { WebSocketProvider } from "ethers" and use new WebSocketProvider(${JSON.stringify(urls.ws)}).`,
          ]
        : []),
      `const provider = new JsonRpcProvider(${JSON.stringify(urls.http)});`,
      `const result = await provider.send(${JSON.stringify(input.request.method)}, ${jsLiteral(input.request.params)});`,
      `console.log(result);`,
    ].join("\n"),

  python: (input, urls) =>
    [
      `import requests`,
      ``,
      `response = requests.post(`,
      `    ${JSON.stringify(urls.http)},`,
      `    json=${pyLiteral(wireBody(input.request), "    ")},`,
      `    timeout=30,`,
      `)`,
      `answer = response.json()`,
      `print(answer["error"] if "error" in answer else answer["result"])`,
    ].join("\n"),
};

/** The snippets of a body sent as written: its text goes as it is; libraries that build requests do not apply. */
const AS_WRITTEN: Record<SnippetLanguage, Builder | undefined> = {
  curl: (input, urls) =>
    [
      `curl ${shellQuote(urls.http)} \\`,
      `  -X POST \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  --data ${shellQuote(input.asWritten ?? "")}`,
    ].join("\n"),
  fetch: (input, urls) =>
    [
      `const response = await fetch(${JSON.stringify(urls.http)}, {`,
      `  method: "POST",`,
      `  headers: { "Content-Type": "application/json" },`,
      `  // The body exactly as written in the playground.`,
      `  body: ${JSON.stringify(input.asWritten ?? "")},`,
      `});`,
      `console.log(await response.text());`,
    ].join("\n"),
  wscat: (input, urls) => `wscat -c ${shellQuote(urls.ws)} -x ${shellQuote(input.asWritten ?? "")}`,
  websocket: (input, urls) =>
    [
      `// The body exactly as written in the playground.`,
      `const body = ${JSON.stringify(input.asWritten ?? "")};`,
      `const ws = new WebSocket(${JSON.stringify(urls.ws)});`,
      `ws.addEventListener("open", () => ws.send(body));`,
      `ws.addEventListener("message", (event) => {`,
      `  console.log(event.data);`,
      `  ws.close();`,
      `});`,
      `ws.addEventListener("error", () => console.error("The WebSocket could not connect, or it dropped."));`,
    ].join("\n"),
  viem: undefined,
  ethers: undefined,
  python: (input, urls) =>
    [
      `import requests`,
      ``,
      `# The body exactly as written in the playground.`,
      `response = requests.post(`,
      `    ${JSON.stringify(urls.http)},`,
      `    data=${JSON.stringify(input.asWritten ?? "")}.encode("utf-8"),`,
      `    headers={"Content-Type": "application/json"},`,
      `    timeout=30,`,
      `)`,
      `print(response.text)`,
    ].join("\n"),
};

/** One language's snippet of the request. */
export function snippetFor(language: SnippetLanguage, input: SnippetInput): Snippet {
  if (input.asWritten !== undefined) {
    const build = AS_WRITTEN[language];
    if (!build)
      return {
        language,
        label: label(language),
        unavailable: `${label(language)} builds each request itself, so it cannot send this body as written (a batch, or a body with problems). Use the curl, JavaScript fetch, WebSocket or Python snippet.`,
      };
    return { language, label: label(language), code: build(input, snippetEndpoints(input)) };
  }
  if (input.network.kind === "starknet" && language === "viem") return notEvm(language, "viem");
  if (input.network.kind === "starknet" && language === "ethers") return notEvm(language, "ethers");
  return { language, label: label(language), code: BUILDERS[language](input, snippetEndpoints(input)) };
}

/** Every language's snippet, in the picker's order. */
export function allSnippets(input: SnippetInput): Snippet[] {
  return SNIPPET_LANGUAGES.map((l) => snippetFor(l.id, input));
}
