import { describe, expect, it } from "vitest";
import { fromOwnOrigin } from "./own-origin.ts";

describe("fromOwnOrigin (/devnet.json)", () => {
  it.each([
    [{ host: "127.0.0.1:5173", "sec-fetch-site": "same-origin" }, true],
    [{ host: "127.0.0.1:5173", "sec-fetch-site": "same-origin", origin: "http://127.0.0.1:5173" }, true],
    [{ host: "127.0.0.1:5173", "sec-fetch-site": "none" }, true],
    [{ host: "127.0.0.1:5173" }, true],
    [{ host: "127.0.0.1:5173", "sec-fetch-site": "same-site", origin: "http://127.0.0.1:3000" }, false],
    [{ host: "127.0.0.1:5173", "sec-fetch-site": "cross-site", origin: "http://localhost:3000" }, false],
    [{ host: "127.0.0.1:5173", origin: "http://localhost:5173" }, false],
    [{ host: "127.0.0.1:5173", origin: "null" }, false],
    [{ origin: "http://127.0.0.1:5173" }, false],
  ])("%j -> %s", (headers, own) => {
    expect(fromOwnOrigin(headers)).toBe(own);
  });
});
