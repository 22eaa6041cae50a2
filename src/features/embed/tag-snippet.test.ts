import { describe, expect, it } from "vitest";
import { readTag } from "../../embed-loader/tag.ts";
import { parseEmbedConfig } from "./embed-config.ts";
import { embedSearch, type GuideFields } from "./iframe-snippet.ts";
import { loaderTypesUrl, loaderUrl, tagSnippet } from "./tag-snippet.ts";

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
const LOADER = "https://play.example/embed.js";

/** The tag's attributes as a browser reads them (entities decoded). */
function attributesOf(code: string): [string, string][] {
  const open = code.slice(0, code.indexOf("></div>"));
  const decode = (t: string) =>
    t
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return [...open.matchAll(/\n {2}([\w-]+)(?:="([^"]*)"|='([^']*)')?/g)].map((m) => [
    m[1] ?? "",
    decode(m[2] ?? m[3] ?? ""),
  ]);
}

describe("tagSnippet", () => {
  it("writes the tag and the loader's script, defaults left out", () => {
    expect(tagSnippet(fields, LOADER).split("\n").slice(0, 8)).toEqual([
      "<div",
      '  id="rpc-playground-eth_getBlockByNumber"',
      "  data-rpc-playground",
      '  data-method="eth_getBlockByNumber"',
      `  data-params='["0x1",false]'`,
      '  data-network="devnet"',
      "></div>",
      '<script src="https://play.example/embed.js" async></script>',
    ]);
  });

  it("says the same as the iframe's address: the loader reads it into the same embed", () => {
    const all: GuideFields = {
      ...fields,
      transport: "ws",
      theme: "dark",
      panels: ["response", "form"],
      readonly: true,
      keyField: true,
      explorer: true,
      origins: " https://docs.example.com ,http://127.0.0.1:4000",
      height: 640,
    };
    for (const f of [fields, all]) {
      const tag = readTag(attributesOf(tagSnippet(f, LOADER)), { origin: undefined, theme: "light" });
      expect(tag.ok).toBe(true);
      if (!tag.ok) continue;
      const viaIframe = parseEmbedConfig(embedSearch(f));
      const viaTag = parseEmbedConfig(tag.search);
      // The tag follows the page's theme when the guide names none; the iframe follows the reader's.
      expect(viaTag).toEqual(
        f.theme || !viaIframe.ok ? viaIframe : { ok: true, config: { ...viaIframe.config, theme: "light" } },
      );
      expect(tag.height).toBe(f.height);
    }
  });

  it("escapes odd characters in every attribute", () => {
    const odd = { ...fields, method: `m"<x>'`, params: `["</div><script>'x'"]`, network: 'n"' };
    const code = tagSnippet(odd, 'https://play.example/embed.js?"><script>');
    expect(code).not.toMatch(/<script>|<\/div>"/);
    expect(code).toContain(`data-params='["&lt;/div&gt;&lt;script&gt;&#39;x&#39;"]'`);
    expect(code).toContain('data-network="n&quot;"');
    expect(code.match(/<script/g)).toHaveLength(1);
    expect(attributesOf(code)).toContainEqual(["data-params", `["</div><script>'x'"]`]);
  });

  it("never holds a key: the page's script hands it in", () => {
    expect(tagSnippet(fields, LOADER)).toContain("RpcPlayground.get(el).setKey(readerKey)");
    expect(tagSnippet(fields, LOADER)).not.toMatch(/data-[\w-]*key=/);
  });
});

describe("loaderUrl", () => {
  it("sits at the app's base, whatever the base path", () => {
    expect(loaderUrl("https://play.example/")).toBe("https://play.example/embed.js");
    expect(loaderUrl("https://example.com/tools/playground/")).toBe(
      "https://example.com/tools/playground/embed.js",
    );
    expect(loaderTypesUrl("https://example.com/tools/playground/")).toBe(
      "https://example.com/tools/playground/embed.d.ts",
    );
  });
});
