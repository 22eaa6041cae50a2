/**
 * Hex data fields: the block's `extraData` as text when it is text, and a transaction's `input`
 * split into its 4-byte function selector and the 32-byte argument words.
 */
import { decode as rlpDecode } from "@ethereumjs/rlp";
import type { Hex } from "viem";
import { bytesToHex, hexToBytes, isHex } from "viem/utils";
import { describeJsonType, fail, ok, type Parsed } from "./quantity.ts";

/** True for `0x` followed by an even number of hex digits (`0x` itself included). */
export function isHexData(value: unknown): value is Hex {
  return typeof value === "string" && isHex(value, { strict: true }) && value.length % 2 === 0;
}

/** Parses hex data (an even number of digits after `0x`) into bytes. */
export function parseHexData(value: unknown): Parsed<Uint8Array> {
  if (typeof value !== "string") return fail(`expected hex data, got ${describeJsonType(value)}`);
  if (!isHex(value, { strict: true })) return fail("not 0x-prefixed hexadecimal");
  if (value.length % 2 !== 0) return fail("an odd number of hex digits");
  return ok(hexToBytes(value));
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
/** Control, format, private-use, unassigned and surrogate code points: not "printable". */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u;

/** Bytes as text when they are valid UTF-8 made only of printable characters, else null. */
export function printableUtf8(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return null;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return null;
  }
  return NOT_PRINTABLE.test(text) ? null : text;
}

/**
 * `extraData` as UTF-8 text when every character is printable (`"Made on the moon by
 * Blocknative"`), otherwise null (binary, invalid UTF-8, empty or not hex).
 */
export function extraDataText(value: unknown): string | null {
  const bytes = parseHexData(value);
  return bytes.ok ? printableUtf8(bytes.value) : null;
}

/**
 * The client signature that geth-family clients put in `extraData`: an RLP list of a 3-byte
 * version and printable strings, `0xd883010c02846765746888676f312e32302e37856c696e7578` →
 * `"geth v1.12.2 go1.20.7 linux"`. Null when `extraData` is not of that form.
 */
export function extraDataClient(value: unknown): string | null {
  const bytes = parseHexData(value);
  if (!bytes.ok || bytes.value.length === 0) return null;
  let decoded: unknown;
  try {
    decoded = rlpDecode(bytes.value);
  } catch {
    return null;
  }
  if (!Array.isArray(decoded) || decoded.length < 2) return null;
  const [version, ...rest] = decoded as unknown[];
  if (!(version instanceof Uint8Array) || version.length !== 3) return null;
  const words: string[] = [];
  for (const item of rest) {
    if (!(item instanceof Uint8Array)) return null;
    const text = printableUtf8(item);
    if (text === null) return null;
    words.push(text);
  }
  const [name, ...tail] = words;
  if (name === undefined) return null;
  const semver = `v${version[0]}.${version[1]}.${version[2]}`;
  return [name, semver, ...tail].join(" ");
}

/** A transaction's `input` split for display. */
export interface InputSplit {
  /** Length of the whole input in bytes. */
  bytes: number;
  /** True for `0x` (a plain value transfer). */
  empty: boolean;
  /** The 4-byte function selector, or null when the input is shorter than 4 bytes. */
  selector: Hex | null;
  /** Everything after the selector (`0x` when nothing); the whole input when there is no selector. */
  args: Hex;
  /** `args` cut into 32-byte ABI words (only when there is a selector). */
  words: Hex[];
  /** Bytes after the last whole word, or null when `args` is a whole number of words. */
  trailing: Hex | null;
}

/**
 * The 4-byte selector of call data (`splitInput(value).selector`), or null when it has none or is
 * not hex data: checked without turning the data into bytes and words, for table rows.
 */
export function inputSelector(value: unknown): Hex | null {
  if (!isHexData(value) || value.length < 10) return null;
  return value.slice(0, 10).toLowerCase() as Hex;
}

/** Splits `input` into selector and arguments: `0x` is empty; under 4 bytes has no selector. */
export function splitInput(value: unknown): Parsed<InputSplit> {
  const parsed = parseHexData(value);
  if (!parsed.ok) return parsed;
  const bytes = parsed.value;
  if (bytes.length < 4) {
    return ok({
      bytes: bytes.length,
      empty: bytes.length === 0,
      selector: null,
      args: bytesToHex(bytes),
      words: [],
      trailing: null,
    });
  }
  const rest = bytes.subarray(4);
  const words: Hex[] = [];
  let offset = 0;
  for (; offset + 32 <= rest.length; offset += 32) words.push(bytesToHex(rest.subarray(offset, offset + 32)));
  return ok({
    bytes: bytes.length,
    empty: false,
    selector: bytesToHex(bytes.subarray(0, 4)),
    args: bytesToHex(rest),
    words,
    trailing: offset < rest.length ? bytesToHex(rest.subarray(offset)) : null,
  });
}
