import { describe, expect, it } from "vitest";
import { decodeStorageWord } from "../../../chain/storage.ts";
import { eip55, mainnetFixture } from "../../../chain/test-fixtures.ts";
import { type StorageRow, storageRows } from "./storage-interpretations.ts";

function rows(result: unknown): Record<string, Omit<StorageRow, "type">> {
  const w = decodeStorageWord(result);
  if (!w.ok) throw new Error(w.error);
  return Object.fromEntries(storageRows(w.value).map(({ type, ...rest }) => [type, rest]));
}

const pad64 = (hex: string) => `0x${hex.padStart(64, "0")}`;

describe("storageRows", () => {
  it("the devnet's slot 0: 0xc0ffee as uint256 12,648,430", () => {
    const r = rows(pad64("c0ffee"));
    expect(r.uint256).toEqual({ value: "12,648,430", hex: false, note: "0xc0ffee" });
    expect(r.int256?.value).toBe("12,648,430");
    expect(r.bool?.value).toBe("—");
    expect(r.bytes32?.value).toBe(pad64("c0ffee"));
    // 0xc0ffee has 12 zero bytes above it: it could be an address too.
    expect(r.address?.value).toBe(eip55(`0x${"0".repeat(34)}c0ffee`));
  });

  it("zero: false, empty string, no address", () => {
    const r = rows("0x0");
    expect(r.uint256?.value).toBe("0");
    expect(r.bool?.value).toBe("false");
    expect(r.address).toBeUndefined();
    expect(r["string / bytes"]).toMatchObject({ value: '""' });
  });

  it("one is true", () => {
    expect(rows(pad64("1")).bool?.value).toBe("true");
  });

  it("max uint256 is -1 as int256, and not an address", () => {
    const r = rows(`0x${"ff".repeat(32)}`);
    expect(r.uint256?.value).toBe(
      "115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457,584,007,913,129,639,935",
    );
    expect(r.int256).toEqual({ value: "-1", hex: false, note: "negative: the top bit is set" });
    expect(r.address).toBeUndefined();
  });

  it("a short string stored in the word", () => {
    const hello = `0x${Buffer.from("hello").toString("hex").padEnd(62, "0")}0a`;
    expect(rows(hello)["string / bytes"]).toMatchObject({ value: '"hello"', hex: false });
  });

  it("short bytes that are not text are shown as hex", () => {
    const bytes = `0x0102${"0".repeat(58)}04`;
    expect(rows(bytes)["string / bytes"]).toMatchObject({ value: "0x0102", hex: true });
  });

  it("mainnet: an address in slot 1, and the length word of a long string", () => {
    expect(rows(mainnetFixture("eth_getStorageAt.01.json").result).address?.value).toMatch(/^0x[aA][bB]1/);
    expect(rows(mainnetFixture("eth_getStorageAt.02.json").result)["string / bytes"]).toMatchObject({
      value: "127 bytes",
    });
  });
});
