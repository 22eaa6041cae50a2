import { describe, expect, it } from "vitest";
import { normalizeBase } from "./base-path.ts";

describe("the base path", () => {
  it.each([
    ["", "/"],
    ["/", "/"],
    ["/playground/", "/playground/"],
    ["/playground", "/playground/"],
    ["playground", "/playground/"],
    ["  /docs//rpc-playground/ ", "/docs/rpc-playground/"],
  ])("%j is written %j", (raw, base) => expect(normalizeBase(raw)).toBe(base));

  it.each([
    ["https://cdn.example.com/playground/", "full address"],
    ["//cdn.example.com/", "full address"],
    ["./", "relative"],
    ["/docs/../playground/", "characters"],
    ["/play ground/", "characters"],
    ["/playground?x=1", "characters"],
  ])("%j is refused in words (%s)", (raw, why) => {
    expect(() => normalizeBase(raw)).toThrow(why);
    expect(() => normalizeBase(raw)).toThrow("PLAYGROUND_BASE=/playground/");
  });
});
