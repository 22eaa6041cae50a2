/**
 * Storage words (`eth_getStorageAt`) read every way a Solidity variable could be stored, and the
 * storage position of simple variables and (nested) mapping entries.
 */

import type { Hex } from "viem";
import {
  bytesToHex,
  concat,
  getAddress,
  hexToBigInt,
  hexToBytes,
  isAddress,
  keccak256,
  numberToHex,
  pad,
  stringToHex,
} from "viem/utils";
import { isHexData, printableUtf8 } from "./hexdata.ts";
import { describeJsonType, fail, formatDecimal, ok, type Parsed } from "./quantity.ts";

const TWO_256 = 1n << 256n;
const MAX_UINT256 = TWO_256 - 1n;
const MIN_INT256 = -(1n << 255n);
const MAX_INT256 = (1n << 255n) - 1n;

/** How a Solidity `string`/`bytes` variable would read this word. */
type StringSlot =
  /** Up to 31 bytes stored in the word itself, last byte = length × 2. */
  | { kind: "short"; length: number; text: string | null; bytes: Hex }
  /** 32 bytes or more: the word holds length × 2 + 1, the data lives at keccak256(slot). */
  | { kind: "long"; length: bigint };

/** One 32-byte storage word read as each type it could hold. */
export interface StorageWordView {
  /** The word, 32 bytes, lower case. */
  word: Hex;
  isZero: boolean;
  uint256: bigint;
  /** `"1,234"`. */
  uint256Text: string;
  /** Two's complement: negative when the top bit is set. */
  int256: bigint;
  int256Text: string;
  /** The last 20 bytes, checksummed. */
  address: string;
  /** True when the first 12 bytes are zero and the rest not: it looks like an address. */
  looksLikeAddress: boolean;
  /** true/false when the word is 1/0, else null. */
  bool: boolean | null;
  /** How a `string`/`bytes` variable would read the word; null when it cannot be one (or is zero). */
  string: StringSlot | null;
}

/**
 * Decodes an `eth_getStorageAt` result. Nodes pad it to 32 bytes; shorter hex (`0x0`, `0xff`) is
 * left-padded, longer is an error.
 */
export function decodeStorageWord(result: unknown): Parsed<StorageWordView> {
  if (typeof result !== "string") return fail(`expected a hex string, got ${describeJsonType(result)}`);
  if (!/^0x[0-9a-fA-F]*$/.test(result) || result.length === 2) return fail("not a hex word");
  const even = result.length % 2 === 0 ? result : `0x0${result.slice(2)}`;
  if (even.length > 66) return fail(`longer than 32 bytes (${(even.length - 2) / 2})`);
  const word = pad(even.toLowerCase() as Hex, { size: 32 });
  const uint = hexToBigInt(word);
  const int = uint > MAX_INT256 ? uint - TWO_256 : uint;
  const bytes = hexToBytes(word);
  return ok({
    word,
    isZero: uint === 0n,
    uint256: uint,
    uint256Text: formatDecimal(uint),
    int256: int,
    int256Text: formatDecimal(int),
    address: getAddress(bytesToHex(bytes.subarray(12))),
    looksLikeAddress: uint !== 0n && bytes.subarray(0, 12).every((b) => b === 0),
    bool: uint === 0n ? false : uint === 1n ? true : null,
    string: readStringSlot(bytes),
  });
}

function readStringSlot(bytes: Uint8Array): StringSlot | null {
  const last = bytes[31] ?? 0;
  if (bytes.every((b) => b === 0)) return null;
  if (last % 2 === 1) {
    return { kind: "long", length: (hexToBigInt(bytesToHex(bytes)) - 1n) / 2n };
  }
  const length = last / 2;
  if (length > 31) return null;
  if (bytes.subarray(length, 31).some((b) => b !== 0)) return null;
  const content = bytes.subarray(0, length);
  return { kind: "short", length, text: printableUtf8(content), bytes: bytesToHex(content) };
}

/**
 * Where the data of a dynamic array or of a long `string`/`bytes` declared at `slot` starts:
 * keccak256(pad32(slot)). Element i of a `uint256[]` is at that position + i.
 */
export function dynamicDataSlot(slot: bigint | number | string): Parsed<Hex> {
  const base = slotToHex(slot);
  return base.ok ? ok(keccak256(base.value)) : base;
}

/** Key types a mapping slot can be computed for. */
export type MappingKeyType = "address" | "uint256" | "int256" | "bytes32" | "bool" | "string";

/** A mapping key and its Solidity type. */
interface MappingKey {
  type: MappingKeyType;
  /** Hex or decimal text for numbers, `0x…` for address/bytes32, `true`/`false` for bool, any text for string. */
  value: string | bigint | boolean;
}

/**
 * A storage slot as a 32-byte hex word (`"0x00…01"`): from a bigint, a safe integer, a decimal
 * string or a hex string of at most 32 bytes.
 */
export function slotToHex(slot: bigint | number | string): Parsed<Hex> {
  const n = toUint(slot);
  if (!n.ok) return n;
  return ok(numberToHex(n.value, { size: 32 }));
}

/**
 * The position of `mapping[key]` when the mapping is declared at `slot`:
 * keccak256(pad32(key) ++ pad32(slot)) for value-type keys, keccak256(bytes(key) ++ pad32(slot))
 * for `string` keys.
 */
export function mappingSlot(
  key: MappingKey["value"],
  keyType: MappingKeyType,
  slot: bigint | number | string | Hex,
): Parsed<Hex> {
  const base = slotToHex(slot);
  if (!base.ok) return fail(`slot: ${base.error}`);
  const encoded = encodeKey({ type: keyType, value: key });
  if (!encoded.ok) return fail(`key: ${encoded.error}`);
  return ok(keccak256(concat([encoded.value, base.value])));
}

/**
 * The position of `mapping[k1][k2]…[kn]` for a nested mapping declared at `slot`: the outer key
 * first, each level hashing the next key with the previous level's position.
 */
export function nestedMappingSlot(
  keys: readonly MappingKey[],
  slot: bigint | number | string | Hex,
): Parsed<Hex> {
  const base = slotToHex(slot);
  if (!base.ok) return fail(`slot: ${base.error}`);
  let position: Hex = base.value;
  for (const [i, key] of keys.entries()) {
    const encoded = encodeKey(key);
    if (!encoded.ok) return fail(`key ${i + 1}: ${encoded.error}`);
    position = keccak256(concat([encoded.value, position]));
  }
  return ok(position);
}

/** The bytes a mapping key contributes to the hash: 32-byte padded for value types. */
function encodeKey(key: MappingKey): Parsed<Hex> {
  const { type, value } = key;
  switch (type) {
    case "address": {
      if (typeof value !== "string" || !isAddress(value, { strict: false }))
        return fail("not a 20-byte address");
      return ok(pad(value.toLowerCase() as Hex, { size: 32 }));
    }
    case "uint256": {
      const n = toUint(value);
      return n.ok ? ok(numberToHex(n.value, { size: 32 })) : n;
    }
    case "int256": {
      const n = toBigInt(value);
      if (!n.ok) return n;
      if (n.value < MIN_INT256 || n.value > MAX_INT256) return fail("out of the int256 range");
      return ok(numberToHex(n.value < 0n ? n.value + TWO_256 : n.value, { size: 32 }));
    }
    case "bytes32": {
      if (typeof value !== "string" || !isHexData(value) || value.length > 66)
        return fail("not hex of at most 32 bytes");
      // bytesN keys are left-aligned: right-padded with zeros.
      return ok(pad(value.toLowerCase() as Hex, { size: 32, dir: "right" }));
    }
    case "bool": {
      const b = value === true || value === "true" ? 1n : value === false || value === "false" ? 0n : null;
      return b === null ? fail("not true or false") : ok(numberToHex(b, { size: 32 }));
    }
    case "string": {
      if (typeof value !== "string") return fail("not a string");
      return ok(stringToHex(value));
    }
  }
}

function toBigInt(value: unknown): Parsed<bigint> {
  if (typeof value === "bigint") return ok(value);
  if (typeof value === "number") {
    return Number.isSafeInteger(value) ? ok(BigInt(value)) : fail(`${value} is not a safe integer`);
  }
  if (typeof value === "string") {
    const text = value.trim();
    if (/^-?[0-9]+$/.test(text)) return ok(BigInt(text));
    if (/^0x[0-9a-fA-F]+$/.test(text)) return ok(BigInt(text));
    return fail(`"${value}" is not a decimal or 0x-hex number`);
  }
  return fail(`expected a number, got ${describeJsonType(value)}`);
}

function toUint(value: unknown): Parsed<bigint> {
  const n = toBigInt(value);
  if (!n.ok) return n;
  if (n.value < 0n || n.value > MAX_UINT256) return fail("out of the uint256 range");
  return n;
}
