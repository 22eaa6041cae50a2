import { describe, expect, it } from "vitest";
import { parseEmbedConfig } from "./embed-config.ts";
import {
  embedSearch,
  embedUrl,
  escapeAttr,
  frameId,
  type GuideFields,
  iframeSnippet,
  scriptString,
} from "./iframe-snippet.ts";

const fields: GuideFields = {
  method: "eth_getBlockByNumber",
  params: '[ "0x1", false ]',
  network: "devnet",
  transport: "http",
  theme: "",
  panels: ["form", "editor", "response"],
  readonly: false,
  keyField: false,
  explorer: false,
  origins: "",
  height: 480,
};

describe("embedSearch", () => {
  it("writes only what differs from the defaults, params compacted", () => {
    expect(embedSearch(fields)).toBe(
      "method=eth_getBlockByNumber&params=%5B%220x1%22%2Cfalse%5D&network=devnet",
    );
  });

  it("round-trips through parseEmbedConfig", () => {
    const all: GuideFields = {
      ...fields,
      transport: "ws",
      theme: "dark",
      panels: ["response", "form"],
      readonly: true,
      keyField: true,
      explorer: true,
      origins: " https://docs.example.com ,http://127.0.0.1:4000",
    };
    expect(parseEmbedConfig(embedSearch(all))).toEqual({
      ok: true,
      config: {
        method: "eth_getBlockByNumber",
        params: ["0x1", false],
        network: "devnet",
        transport: "ws",
        theme: "dark",
        panels: ["form", "response"],
        readonly: true,
        keyField: true,
        explorer: true,
        origins: ["https://docs.example.com", "http://127.0.0.1:4000"],
      },
    });
  });

  it("passes bad JSON through, so the embed's parser names the problem", () => {
    const r = parseEmbedConfig(embedSearch({ ...fields, params: "[0x1" }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatch(/params is not valid JSON/);
  });

  it("leaves empty params out (the method's examples are used)", () => {
    expect(embedSearch({ ...fields, params: "  " })).not.toContain("params=");
  });
});

describe("embedUrl", () => {
  it("is the app's embed page, under the base path the app is served at", () => {
    expect(embedUrl("https://play.example/", "method=x")).toBe("https://play.example/embed?method=x");
    expect(embedUrl("https://docs.example.com/tools/playground/", "m=1")).toBe(
      "https://docs.example.com/tools/playground/embed?m=1",
    );
  });
});

describe("escaping", () => {
  it("escapes attribute text", () => {
    expect(escapeAttr(`a"b'c<d>e&f`)).toBe("a&quot;b&#39;c&lt;d&gt;e&amp;f");
  });

  it("makes a script string that cannot close the script", () => {
    const s = scriptString('</script><script>alert("x")\u2028');
    expect(s).not.toContain("</script>");
    expect(s).not.toContain("\u2028");
    expect(JSON.parse(s)).toBe('</script><script>alert("x")\u2028');
  });

  it("frame ids keep only safe characters", () => {
    expect(frameId("eth_getBlockByNumber")).toBe("rpc-playground-eth_getBlockByNumber");
    expect(frameId('x"><img>')).toBe("rpc-playground-x---img-");
  });
});

describe("iframeSnippet", () => {
  const src = `https://play.example/embed?${embedSearch({ ...fields, origins: "https://docs.example" })}`;

  it("has the iframe with the escaped address and a host script for auto-height", () => {
    const code = iframeSnippet({
      src,
      method: "eth_getBlockByNumber",
      height: 500,
      hasOrigins: true,
      productName: "RPC Playground",
    });
    expect(code).toContain('<iframe\n  id="rpc-playground-eth_getBlockByNumber"');
    expect(code).toContain(`src="${src.replace(/&/g, "&amp;")}"`);
    expect(code).toContain('title="RPC Playground: eth_getBlockByNumber"');
    expect(code).toContain("height: 500px");
    expect(code).toContain('var embedOrigin = "https://play.example";');
    expect(code).toContain(
      'if (data.type === "rpc-playground:height") frame.style.height = data.height + "px";',
    );
    expect(code).toContain("event.source !== frame.contentWindow");
    expect(code).not.toContain("Add this page's origin");
  });

  it("escapes odd characters in every attribute", () => {
    const odd = 'https://play.example/embed?params=%5B%22%3C%2Fscript%3E%22%5D&x="><script>';
    const code = iframeSnippet({
      src: odd,
      method: 'm"<x>',
      height: 300,
      hasOrigins: true,
      productName: 'Acme "<Play>"',
    });
    expect(code).not.toContain('"><script>');
    expect(code).toContain('&quot;&gt;&lt;script&gt;"');
    // The provider's name for the playground too.
    expect(code).toContain('title="Acme &quot;&lt;Play&gt;&quot;: m&quot;&lt;x&gt;"');
    // One <script> opening and one closing: the one the snippet writes.
    expect(code.match(/<script>/g)).toHaveLength(1);
    expect(code.match(/<\/script>/g)).toHaveLength(1);
  });

  it("reminds the author to list an origin when none is", () => {
    expect(
      iframeSnippet({ src, method: "m", height: 0, hasOrigins: false, productName: "RPC Playground" }),
    ).toMatch(/^<!-- Add this page's origin to origins=[\s\S]*height: 480px/);
  });
});
