import { isAddress } from "viem";
import { BLOCK_TAGS } from "../types.ts";

/**
 * The checks of values as typed, shared by the kinds (a call object's `from` is checked as an
 * address param is). Each returns a message that says what is wrong and how to fix it, or
 * undefined when the value is right.
 */

export const HEX = /^0x[0-9a-fA-F]*$/;
const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/;
export const DECIMAL = /^(0|[1-9][0-9]*)$/;
const TAG_LIST = BLOCK_TAGS.join(", ");

export const digitsOf = (v: string) => v.length - 2;

function hexBytes(v: string, bytes: number, what: string, example: string): string | undefined {
  if (v === "") return `Enter ${what}: 0x and ${bytes * 2} hex digits, such as ${example}.`;
  if (!v.startsWith("0x")) return `${cap(what)} starts with 0x.`;
  if (!HEX.test(v)) return `${cap(what)} holds only hex digits (0-9, a-f) after 0x.`;
  if (digitsOf(v) !== bytes * 2)
    return `${cap(what)} is ${bytes} bytes: 0x and ${bytes * 2} hex digits; this has ${digitsOf(v)}.`;
  return undefined;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function checkAddress(v: string): string | undefined {
  const shape = hexBytes(v, 20, "an address", "0x5FbDB2315678afecb367f032d93F642f64180aa3");
  if (shape) return shape;
  const body = v.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && !isAddress(v, { strict: true }))
    return "The mixed-case checksum (EIP-55) does not match: check for a typo, or write the address all in lower case.";
  return undefined;
}

export function checkHash32(v: string): string | undefined {
  return hexBytes(v, 32, "a 32-byte hash", "0x88260b51…");
}

export function checkQuantity(v: string, what = "a hex quantity"): string | undefined {
  if (v === "") return `Enter ${what}, such as 0x0 or 0x1b4.`;
  if (DECIMAL.test(v)) return `Quantities are hex: ${v} is 0x${BigInt(v).toString(16)}.`;
  if (!v.startsWith("0x")) return `${cap(what)} starts with 0x, such as 0x1b4.`;
  if (!HEX.test(v) || v === "0x") return `${cap(what)} is 0x followed by hex digits (0-9, a-f).`;
  if (!QUANTITY.test(v))
    return `Leave out the leading zeros: write ${normalizeQuantity(v)} (nodes refuse ${v}).`;
  return undefined;
}

/** A hex quantity that must fit in 64 bits (a nonce, a timestamp, a gas limit). */
export function checkUint64(v: string, what = "a hex quantity"): string | undefined {
  const shape = checkQuantity(v, what);
  if (shape) return shape;
  return BigInt(v) >= 2n ** 64n
    ? `${cap(what)} must fit in 64 bits (at most 0xffffffffffffffff).`
    : undefined;
}

/** Bytes as hex (calldata, code): 0x and an even number of hex digits; `0x` alone is no bytes. */
export function checkData(v: string, what = "Data"): string | undefined {
  if (!v.startsWith("0x")) return `${what} starts with 0x.`;
  if (!HEX.test(v)) return `${what} holds only hex digits after 0x.`;
  if (digitsOf(v) % 2 !== 0) return `${what} is whole bytes: an even number of hex digits after 0x.`;
  return undefined;
}

/**
 * A full 32-byte word (a storage slot or value of a state override): nodes read these as fixed
 * 32-byte hashes and refuse shorter ones, so the message shows the padded form.
 */
export function checkWord32(v: string, what: string): string | undefined {
  if (v === "") return `Enter ${what}: 0x and 64 hex digits.`;
  if (!v.startsWith("0x")) return `${cap(what)} starts with 0x.`;
  if (!HEX.test(v) || v === "0x") return `${cap(what)} holds only hex digits (0-9, a-f) after 0x.`;
  if (digitsOf(v) > 64) return `${cap(what)} is 32 bytes: 0x and 64 hex digits; this has ${digitsOf(v)}.`;
  if (digitsOf(v) < 64)
    return `${cap(what)} is a full 32-byte word (nodes refuse shorter ones): write 0x${v.slice(2).padStart(64, "0")}.`;
  return undefined;
}

function normalizeQuantity(v: string): string {
  return `0x${BigInt(v).toString(16)}`;
}

export function checkBlockParam(v: string, allowDecimal: boolean): string | undefined {
  if ((BLOCK_TAGS as readonly string[]).includes(v)) return undefined;
  if (allowDecimal && DECIMAL.test(v)) return undefined;
  if (v === "") return `Enter a block: a hex number such as 0x1b4, or one of ${TAG_LIST}.`;
  if (!allowDecimal && DECIMAL.test(v))
    return `A block number is hex here: ${v} is 0x${BigInt(v).toString(16)}. Or use one of ${TAG_LIST}.`;
  if (QUANTITY.test(v)) return undefined;
  if (HEX.test(v) && v !== "0x") return `Leave out the leading zeros: write ${normalizeQuantity(v)}.`;
  return `"${v}" is not a block: use a ${allowDecimal ? "hex or decimal" : "hex"} number such as 0x1b4, or one of ${TAG_LIST}.`;
}

/** A storage key as typed: a full 32-byte word, or a shorter hex number the form pads (0x0 -> 32 zero bytes). */
export function checkStorageKey(v: string): string | undefined {
  if (v === "") return "Enter a storage key: a 32-byte hex word, or a slot number such as 0x0.";
  if (!v.startsWith("0x")) return "A storage key starts with 0x.";
  if (!HEX.test(v) || v === "0x") return "A storage key holds only hex digits after 0x.";
  if (digitsOf(v) > 64) return `A storage key is at most 32 bytes (64 hex digits); this has ${digitsOf(v)}.`;
  return undefined;
}

/** A Starknet felt written in hex: 0x and 1 to 64 hex digits. */
export function checkFelt(v: string, what: string): string | undefined {
  if (v === "") return `Enter ${what}: 0x followed by up to 64 hex digits.`;
  if (!v.startsWith("0x")) return `${cap(what)} starts with 0x.`;
  if (!HEX.test(v) || v === "0x") return `${cap(what)} holds only hex digits after 0x.`;
  if (digitsOf(v) > 64) return `${cap(what)} is at most 64 hex digits; this has ${digitsOf(v)}.`;
  return undefined;
}
