import { describe, expect, it } from "vitest";
import {
  MAX_LEAVING_CHARS,
  MAX_LEAVING_ENTRIES,
  readLeaving,
  removeLeaving,
  writeLeaving,
} from "./leaving-store.ts";
import { entry, memoryStorage } from "./test-fixtures.ts";

const sent = (over: Parameters<typeof entry>[0] = {}) => {
  const { answer: _a, latencyMs: _l, sizeBytes: _s, ...rest } = entry({ status: { kind: "sent" }, ...over });
  return rest;
};

describe("the requests a page leaves behind", () => {
  it("are written under the page's own key, read back by the next page, and removed once kept", () => {
    const storage = memoryStorage();
    const a = sent();
    const b = sent();
    expect(writeLeaving(storage, "page-1", [a])).toBe(true);
    expect(writeLeaving(storage, "page-2", [b])).toBe(true);
    storage.setItem("rpc-playground:abis", "[]"); // another record of the app: not read
    const left = readLeaving(storage);
    expect(left.entries).toEqual(expect.arrayContaining([a, b]));
    expect(left.entries).toHaveLength(2);
    expect(left.keys).toHaveLength(2);
    removeLeaving(storage, left.keys);
    expect(readLeaving(storage)).toEqual({ keys: [], entries: [] });
    expect(storage.getItem("rpc-playground:abis")).toBe("[]");
  });

  it("a page with nothing left to keep removes its record", () => {
    const storage = memoryStorage();
    writeLeaving(storage, "p", [sent()]);
    expect(writeLeaving(storage, "p", [])).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it("keeps the newest that fit: at most 50 entries, under a million characters", () => {
    const storage = memoryStorage();
    const many = Array.from({ length: MAX_LEAVING_ENTRIES + 10 }, () => sent());
    writeLeaving(storage, "p", many);
    const { entries } = readLeaving(storage);
    expect(entries).toHaveLength(MAX_LEAVING_ENTRIES);
    expect((entries as { at: number }[]).map((e) => e.at)).toEqual(
      many
        .map((e) => e.at)
        .sort((x, y) => y - x)
        .slice(0, MAX_LEAVING_ENTRIES),
    );
    const big = sent({ sentAs: { text: "x".repeat(MAX_LEAVING_CHARS), batch: false } });
    const small = sent();
    writeLeaving(storage, "p", [big, small]);
    expect(readLeaving(storage).entries).toEqual([small]);
  });

  it("reads a broken or hostile record as nothing to keep, and gives its key to remove", () => {
    const storage = memoryStorage();
    storage.setItem("rpc-playground:history-leaving:x", "{oops");
    storage.setItem("rpc-playground:history-leaving:y", '{"not":"a list"}');
    expect(readLeaving(storage)).toEqual({
      keys: ["rpc-playground:history-leaving:x", "rpc-playground:history-leaving:y"],
      entries: [],
    });
  });

  it("a storage that refuses (full, blocked) or is missing writes nothing and throws nothing", () => {
    const refusing = memoryStorage();
    refusing.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    expect(writeLeaving(refusing, "p", [sent()])).toBe(false);
    expect(writeLeaving(undefined, "p", [sent()])).toBe(false);
    expect(readLeaving(undefined)).toEqual({ keys: [], entries: [] });
    const unreadable = memoryStorage();
    unreadable.key = () => {
      throw new DOMException("blocked", "SecurityError");
    };
    expect(readLeaving(unreadable)).toEqual({ keys: [], entries: [] });
    expect(() => removeLeaving(refusing, ["k"])).not.toThrow();
  });
});
