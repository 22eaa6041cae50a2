import { describe, expect, it } from "vitest";
import { routeOf } from "./App.tsx";

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
});
