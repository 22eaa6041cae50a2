import { describe, expect, it } from "vitest";
import { isFramed, routeOf } from "./App.tsx";

describe("routeOf", () => {
  it.each([
    ["/", "", "playground"],
    ["/embed", "?method=eth_getBlockByNumber", "embed"],
    ["/embed/", "", "embed"],
    ["/", "?embed=1&method=x", "embed"],
    ["/", "?embed=0", "playground"],
    ["/guide", "", "guide"],
    ["/docs/playground/guide", "", "guide"],
  ] as const)("%s%s is the %s", (pathname, search, route) =>
    expect(routeOf({ pathname, search })).toBe(route),
  );

  it.each([
    ["/playground/", "", "playground"],
    ["/playground", "", "playground"],
    ["/playground/index.html", "", "playground"],
    ["/playground/", "?embed=1", "embed"],
    ["/playground/embed", "?method=x", "embed"],
    ["/playground/embed/", "", "embed"],
    ["/playground/guide", "", "guide"],
    ["/", "", "elsewhere"],
    ["/embed", "?method=x", "elsewhere"],
    ["/guide", "", "elsewhere"],
    ["/docs/playground/guide", "", "elsewhere"],
    ["/playgroundx/guide", "", "elsewhere"],
  ] as const)("under the base /playground/, %s%s is %s", (pathname, search, route) =>
    expect(routeOf({ pathname, search }, "/playground/")).toBe(route),
  );
});

describe("isFramed", () => {
  it("is true inside another page's frame, or when the top cannot be read", () => {
    const own = {} as Window;
    expect(isFramed({ self: own as Window & typeof globalThis, top: own })).toBe(false);
    expect(isFramed({ self: own as Window & typeof globalThis, top: {} as Window })).toBe(true);
    const hostile = {
      self: own as Window & typeof globalThis,
      get top(): Window {
        throw new Error("blocked");
      },
    };
    expect(isFramed(hostile)).toBe(true);
  });
});
