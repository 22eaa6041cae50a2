/**
 * The rows of the storage view: one 32-byte word (decoded by src/chain/storage.ts) read as each
 * Solidity type it could hold, with a note where a reading is doubtful.
 */
import type { StorageWordView } from "../../../chain/storage.ts";

/** One reading of the word. */
export interface StorageRow {
  /** `"uint256"`, `"int256"`, `"address"`, `"bool"`, `"bytes32"`, `"string / bytes"`. */
  type: string;
  value: string;
  /** Whether to show the value in monospace (hex) and offer a copy of it. */
  hex: boolean;
  note?: string;
}

/** Reads the word as uint256, int256, address (when it looks like one), bool, bytes32, short string. */
export function storageRows(w: StorageWordView): StorageRow[] {
  const rows: StorageRow[] = [
    { type: "uint256", value: w.uint256Text, hex: false, note: `0x${w.uint256.toString(16)}` },
  ];
  rows.push(
    w.int256 < 0n
      ? { type: "int256", value: w.int256Text, hex: false, note: "negative: the top bit is set" }
      : { type: "int256", value: w.int256Text, hex: false, note: "same as uint256 (top bit clear)" },
  );
  if (w.looksLikeAddress) {
    rows.push({ type: "address", value: w.address, hex: true, note: "the upper 12 bytes are zero" });
  }
  rows.push(
    w.bool === null
      ? { type: "bool", value: "—", hex: false, note: "not a bool: neither 0 nor 1" }
      : { type: "bool", value: String(w.bool), hex: false },
  );
  rows.push({ type: "bytes32", value: w.word, hex: true });
  rows.push(stringRow(w));
  return rows;
}

function stringRow(w: StorageWordView): StorageRow {
  const type = "string / bytes";
  if (w.isZero) return { type, value: '""', hex: false, note: "empty (or the slot was never written)" };
  const s = w.string;
  if (s === null) return { type, value: "—", hex: false, note: "not a string or bytes slot" };
  if (s.kind === "long") {
    return {
      type,
      value: `${s.length} bytes`,
      hex: false,
      note: "a long string or bytes: the word holds its length; the data starts at keccak256(slot)",
    };
  }
  if (s.text !== null) {
    return {
      type,
      value: JSON.stringify(s.text),
      hex: false,
      note: `short string of ${s.length} byte${s.length === 1 ? "" : "s"}, stored in the word itself`,
    };
  }
  return {
    type,
    value: s.bytes,
    hex: true,
    note: `short bytes of ${s.length} byte${s.length === 1 ? "" : "s"}, not printable text`,
  };
}
