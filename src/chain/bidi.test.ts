import { describe, expect, it } from "vitest";
import { revealBidi } from "./bidi.ts";

describe("revealBidi", () => {
  it("makes every bidirectional control visible, by its code point", () => {
    expect(revealBidi("0xabc\u202Efed")).toBe("0xabc⟨U+202E⟩fed");
    expect(revealBidi("\u2066x\u2069\u200F\u061C")).toBe("⟨U+2066⟩x⟨U+2069⟩⟨U+200F⟩⟨U+061C⟩");
  });
  it("leaves other text as it is, right-to-left letters included", () => {
    expect(revealBidi("Ethereum مرحبا 1.5 ETH")).toBe("Ethereum مرحبا 1.5 ETH");
  });
});
