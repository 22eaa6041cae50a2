import { describe, expect, it } from "vitest";
import { devnetConfigInPage } from "../src/networks/devnet-config.ts";
import { DEVNET_BLOCK_ID, isPageRequest, withDevnetBlock } from "./devnet-page.ts";

const config = {
  evm: { httpUrl: "http://127.0.0.1:8645", wsUrl: "ws://127.0.0.1:8645" },
  starknet: { httpUrl: "http://127.0.0.1:8645/starknet", wsUrl: "ws://127.0.0.1:8645/starknet" },
  key: "devnet-key",
};

/** The block's text as a browser would read it from the page (textContent of the element). */
function blockText(html: string): string | undefined {
  const m = new RegExp(`<script type="application/json" id="${DEVNET_BLOCK_ID}">([\\s\\S]*?)</script>`).exec(
    html,
  );
  return m?.[1];
}

describe("the devnet block written into the page", () => {
  const page = "<!doctype html><html><head><title>x</title></head><body></body></html>";

  it("goes at the end of the head, and the app reads the same config back", () => {
    const html = withDevnetBlock(page, JSON.stringify(config));
    expect(html.indexOf(DEVNET_BLOCK_ID)).toBeLessThan(html.indexOf("</head>"));
    const text = blockText(html);
    const doc = {
      getElementById: (id: string) => (id === DEVNET_BLOCK_ID ? { textContent: text ?? "" } : null),
    };
    expect(JSON.parse(text ?? "")).toEqual(config);
    expect(devnetConfigInPage(doc as unknown as Document)).toMatchObject({ key: "devnet-key" });
  });

  it("cannot close the script element or open markup, whatever the strings hold", () => {
    const hostile = { ...config, key: "</script><script>alert(1)</script><!-- & \u2028" };
    const html = withDevnetBlock(page, JSON.stringify(hostile));
    const text = blockText(html) ?? "";
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text).key).toBe(hostile.key);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("leaves the page alone without a config, or with one that is not a JSON object", () => {
    for (const bad of [undefined, "", "null", "[1]", "{not json", '"text"'])
      expect(withDevnetBlock(page, bad)).toBe(page);
  });

  it("is read as absent when the page's block is missing or broken", () => {
    const doc = (text: string | null) => ({
      getElementById: () => (text === null ? null : { textContent: text }),
    });
    expect(devnetConfigInPage(doc(null) as unknown as Document)).toBeUndefined();
    expect(devnetConfigInPage(doc("{broken") as unknown as Document)).toBeUndefined();
    expect(devnetConfigInPage(doc('{"key":1}') as unknown as Document)).toBeUndefined();
  });

  it("is written into pages only, not scripts, styles or data", () => {
    expect(isPageRequest("GET", "/", "text/html,application/xhtml+xml")).toBe(true);
    expect(isPageRequest("GET", "/embed?method=x", "text/html")).toBe(true);
    expect(isPageRequest("GET", "/index.html", "*/*")).toBe(true);
    expect(isPageRequest("GET", "/assets/index-abc.js", "*/*")).toBe(false);
    expect(isPageRequest("GET", "/devnet.json", "text/html")).toBe(false);
    expect(isPageRequest("POST", "/", "text/html")).toBe(false);
    expect(isPageRequest("GET", "/guide", "application/json")).toBe(false);
  });
});
