import { describe, expect, it } from "vitest";
import { type EmbedConfig, parseEmbedConfig } from "../features/embed/embed-config.ts";
import { DEFAULT_HEIGHT, embedAddress, type OPTION_ATTRIBUTES, pageTheme, readTag } from "./tag.ts";

const page = { origin: "https://docs.example.com", theme: "light" as const };
const read = (attrs: Record<string, string>, p: Parameters<typeof readTag>[1] = page) =>
  readTag(Object.entries({ "data-rpc-playground": "", ...attrs }), p);

describe("readTag", () => {
  it("turns every option into the embed's address, with the page's origin and theme", () => {
    const r = read({
      "data-method": "eth_getBlockByNumber",
      "data-params": '[ "0x1", false ]',
      "data-network": "devnet",
      "data-transport": "ws",
      "data-panels": "response,form",
      "data-readonly": "1",
      "data-key-field": "1",
      "data-explorer": "true",
      "data-origins": "https://other.example.com",
      "data-height": "600px",
      id: "x",
      class: "wide",
    });
    expect(r).toMatchObject({ ok: true, method: "eth_getBlockByNumber", height: 600, followsPage: true });
    if (!r.ok) return;
    expect(parseEmbedConfig(r.search)).toEqual({
      ok: true,
      config: {
        method: "eth_getBlockByNumber",
        params: ["0x1", false],
        network: "devnet",
        transport: "ws",
        theme: "light",
        panels: ["form", "response"],
        readonly: true,
        keyField: true,
        explorer: true,
        origins: ["https://other.example.com", "https://docs.example.com"],
      },
    });
  });

  it("knows every option of the embed's address", () => {
    type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
    const same: Same<keyof EmbedConfig, keyof typeof OPTION_ATTRIBUTES> = true;
    expect(same).toBe(true);
  });

  it("follows the page's theme unless the tag names one", () => {
    const dark = { ...page, theme: "dark" as const };
    const follows = read({ "data-method": "eth_chainId" }, dark);
    expect(follows.ok && new URLSearchParams(follows.search).get("theme")).toBe("dark");
    expect(follows.ok && follows.followsPage).toBe(true);
    const auto = read({ "data-theme": "auto" }, dark);
    expect(auto.ok && auto.followsPage).toBe(true);
    const fixed = read({ "data-theme": "Light" }, dark);
    expect(fixed.ok && [new URLSearchParams(fixed.search).get("theme"), fixed.followsPage]).toEqual([
      "light",
      false,
    ]);
  });

  it("defaults: the embed's own, a 480 px frame; an opaque page origin is left out", () => {
    const r = read({}, { origin: undefined, theme: "light" });
    expect(r).toEqual({
      ok: true,
      search: "theme=light",
      method: undefined,
      height: DEFAULT_HEIGHT,
      followsPage: true,
    });
  });

  it("says what is wrong with the tag's attributes, every problem", () => {
    const r = read({
      "data-metod": "eth_chainId",
      "data-theme": "purple",
      "data-height": "tall",
      "data-foo": "1",
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      expect.stringMatching(
        /^data-metod is not an option of the tag \(did you mean data-method\?\); the options are data-height, data-method/,
      ),
      expect.stringMatching(/^data-foo is not an option of the tag; the options are/),
      'data-theme must be light, dark or auto (auto, or no data-theme, follows the page\'s theme); it is "purple".',
      'data-height must be a height in CSS pixels, such as 480; it is "tall".',
    ]);
  });

  it("refuses a key in the HTML, and never puts it in the address", () => {
    for (const name of ["data-key", "data-api-key", "data-apikey", "data-token"]) {
      const r = read({ "data-method": "eth_chainId", [name]: "s3cret" });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems[0]).toMatch(/never goes into the page's HTML.*setKey\(key\)/);
    }
  });

  it("leaves frameworks' own attributes alone (Vue's scoped styles, Astro's)", () => {
    expect(read({ "data-v-7a7a37b1": "", "data-astro-cid-abc": "" }).ok).toBe(true);
  });

  it("passes values through for the embed to judge (it names the problems in its frame)", () => {
    const r = read({ "data-transport": "pigeon", "data-params": "[0x1" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const parsed = parseEmbedConfig(r.search);
    expect(parsed.ok || parsed.problems).toEqual([
      "transport must be http or ws.",
      expect.stringMatching(/^params is not valid JSON/),
    ]);
  });
});

describe("embedAddress", () => {
  it("is beside the loader, at the root or under any path", () => {
    expect(embedAddress("https://play.example/embed.js", "method=x")).toBe(
      "https://play.example/embed?method=x",
    );
    expect(embedAddress("https://docs.example.com/playground/embed.js?v=3", "m=1")).toBe(
      "https://docs.example.com/playground/embed?m=1",
    );
  });
});

describe("pageTheme", () => {
  const none = { dataTheme: null, className: "", colorScheme: "normal", prefersDark: false };
  it("reads what documentation frameworks mark on <html>, then the system's preference", () => {
    expect(pageTheme({ ...none, dataTheme: "dark" })).toBe("dark"); // Docusaurus, Starlight
    expect(pageTheme({ ...none, className: "theme-x dark" })).toBe("dark"); // VitePress, Nextra
    expect(pageTheme({ ...none, className: "light", prefersDark: true })).toBe("light");
    expect(pageTheme({ ...none, colorScheme: "dark" })).toBe("dark");
    expect(pageTheme({ ...none, colorScheme: "light dark", prefersDark: true })).toBe("dark");
    expect(pageTheme(none)).toBe("light");
    expect(pageTheme({ ...none, className: "darkish" })).toBe("light");
  });
});
