/**
 * ABIs the user brings: a pasted ABI (JSON, a compiler artifact with an `abi` field, or
 * human-readable signatures) checked before it is kept, and the export file that carries the
 * user's ABIs between browsers. Both are hostile input: sizes are bounded, every item is checked
 * and the message says where the problem is. Only functions, events and errors are kept. Pure.
 */
import type { Abi, AbiEvent, AbiFunction } from "viem";
import {
  formatAbiItem,
  getAddress,
  isAddress,
  parseAbi,
  parseAbiParameter,
  toEventSelector,
  toFunctionSelector,
} from "viem/utils";
import { z } from "zod/mini";
import type { AbiError } from "./signatures.ts";

/** The largest ABI text accepted (a big contract's ABI is some tens of KiB). */
const MAX_ABI_CHARS = 512 * 1024;
/** The largest import file accepted. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** The most ABIs one import (or the store) holds. */
export const MAX_ABIS = 200;

type AbiCheck = { ok: true; abi: Abi; counts: string } | { ok: false; error: string };

const param: z.ZodMiniType<unknown> = z.lazy(() =>
  z.object({
    type: z.string().check(z.minLength(1), z.maxLength(200)),
    name: z.optional(z.string().check(z.maxLength(200))),
    internalType: z.optional(z.string().check(z.maxLength(400))),
    indexed: z.optional(z.boolean()),
    components: z.optional(z.array(param).check(z.maxLength(100))),
  }),
);
const item = z.object({
  type: z.string(),
  name: z.optional(z.string().check(z.maxLength(200))),
  inputs: z.optional(z.array(param).check(z.maxLength(100))),
});

type Kept = AbiFunction | AbiEvent | AbiError;

type Param = { type: string; components?: readonly Param[] };

/** A parameter's type as a human-readable signature writes it: tuples as `(uint256,address)[]`. */
function typeText(p: Param): string {
  if (!p.type.startsWith("tuple")) return p.type;
  return `(${(p.components ?? []).map(typeText).join(", ")})${p.type.slice("tuple".length)}`;
}

/** The selector of a kept item; throws when a type is not a Solidity type (viem's parser says). */
function selectorOf(i: Kept): string {
  for (const p of i.inputs as readonly Param[]) parseAbiParameter(typeText(p));
  return i.type === "event" ? toEventSelector(i) : toFunctionSelector(formatAbiItem(i));
}

function countText(abi: readonly Kept[]): string {
  const n = (t: Kept["type"], word: string) => {
    const c = abi.filter((i) => i.type === t).length;
    return `${c} ${word}${c === 1 ? "" : "s"}`;
  };
  return `${n("function", "function")}, ${n("event", "event")}, ${n("error", "error")}`;
}

/** Checks already-parsed JSON as an ABI: an array of items, or an artifact's `abi`. */
export function checkAbiJson(json: unknown): AbiCheck {
  let items: unknown = json;
  if (typeof json === "object" && json !== null && !Array.isArray(json) && "abi" in json)
    items = (json as { abi: unknown }).abi;
  if (!Array.isArray(items))
    return { ok: false, error: 'An ABI is a JSON array of items (or an artifact with an "abi" array).' };
  if (items.length > 5000) return { ok: false, error: `${items.length} items: at most 5,000 are accepted.` };
  if (items.every((i) => typeof i === "string")) return checkHumanReadable(items as string[]);
  const kept: Kept[] = [];
  for (const [index, raw] of items.entries()) {
    const parsed = item.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` at "${issue.path.join(".")}"` : "";
      return {
        ok: false,
        error: `Item ${index + 1} is not an ABI item${where}: ${issue?.message ?? "invalid"}.`,
      };
    }
    const t = parsed.data.type;
    if (t !== "function" && t !== "event" && t !== "error") continue;
    if (!parsed.data.name) return { ok: false, error: `Item ${index + 1} (${t}) has no name.` };
    const record = raw as Record<string, unknown>;
    const candidate = {
      ...record,
      inputs: parsed.data.inputs ?? [],
      ...(t === "function" && !Array.isArray(record.outputs) ? { outputs: [] } : {}),
    } as unknown as Kept;
    try {
      selectorOf(candidate);
    } catch (e) {
      const why = e instanceof Error ? (e.message.split("\n")[0] ?? "") : "";
      return {
        ok: false,
        error: `Item ${index + 1} (${t} ${parsed.data.name}) has a type that is not a Solidity type${why ? `: ${why}` : "."}`,
      };
    }
    kept.push(candidate);
  }
  if (kept.length === 0)
    return { ok: false, error: "The ABI has no function, event or error to name anything with." };
  return { ok: true, abi: kept as Abi, counts: countText(kept) };
}

function checkHumanReadable(lines: string[]): AbiCheck {
  try {
    const abi = parseAbi(lines).filter(
      (i): i is Kept => i.type === "function" || i.type === "event" || i.type === "error",
    );
    if (abi.length === 0) return { ok: false, error: "No function, event or error among these signatures." };
    return { ok: true, abi: abi as Abi, counts: countText(abi) };
  } catch (e) {
    const why = e instanceof Error ? (e.message.split("\n")[0] ?? "") : "";
    return { ok: false, error: `These signatures do not parse: ${why}` };
  }
}

/** Checks pasted text as an ABI. */
export function parseAbiText(text: string): AbiCheck {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: "Paste the contract's ABI (JSON)." };
  if (trimmed.length > MAX_ABI_CHARS)
    return {
      ok: false,
      error: `The ABI is ${trimmed.length.toLocaleString("en")} characters: at most 512 KiB.`,
    };
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch (e) {
    const why = e instanceof Error ? e.message : "";
    return { ok: false, error: `This is not JSON: ${why}` };
  }
  return checkAbiJson(json);
}

/** Checks an address typed for an ABI: the checksummed address, or what is wrong. */
export function parseAbiAddress(text: string): { ok: true; address: string } | { ok: false; error: string } {
  const t = text.trim();
  if (t === "") return { ok: false, error: "Enter the contract's address (0x and 40 hex digits)." };
  if (!/^0x[0-9a-fA-F]{40}$/.test(t)) return { ok: false, error: "An address is 0x and 40 hex digits." };
  if (!isAddress(t, { strict: false })) return { ok: false, error: "Not an address." };
  // A mixed-case address with a wrong checksum is still taken: the app advises, the node decides.
  return { ok: true, address: getAddress(t) };
}

/** One ABI the user added for an address. */
export interface UserAbi {
  /** Checksummed. */
  address: string;
  /** A name for people ("Router"), may be empty. */
  label: string;
  abi: Abi;
}

/** The format of the export file. */
const ABIS_FILE_FORMAT = "rpc-playground-abis";

/** The export file's text: every ABI with its address and label, nothing else. */
export function abisFileText(abis: readonly UserAbi[]): string {
  return `${JSON.stringify(
    {
      format: ABIS_FILE_FORMAT,
      version: 1,
      abis: abis.map(({ address, label, abi }) => ({ address, label, abi })),
    },
    null,
    2,
  )}\n`;
}

/** Reads an export file (or stored ABIs): every entry checked; the first problem is the message. */
export function parseAbisFile(text: string): { ok: true; abis: UserAbi[] } | { ok: false; error: string } {
  if (text.length > MAX_FILE_BYTES) return { ok: false, error: "The file is larger than 4 MiB: not read." };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "The file is not JSON." };
  }
  const shape = z
    .object({
      format: z.literal(ABIS_FILE_FORMAT),
      version: z.literal(1),
      abis: z.array(
        z.object({
          address: z.string(),
          label: z.optional(z.string().check(z.maxLength(100))),
          abi: z.unknown(),
        }),
      ),
    })
    .safeParse(json);
  if (!shape.success)
    return {
      ok: false,
      error: `Not an ABI export of this app (expected "format": "${ABIS_FILE_FORMAT}", version 1).`,
    };
  if (shape.data.abis.length > MAX_ABIS)
    return { ok: false, error: `${shape.data.abis.length} ABIs: at most ${MAX_ABIS} are accepted.` };
  const abis: UserAbi[] = [];
  for (const [i, entry] of shape.data.abis.entries()) {
    const address = parseAbiAddress(entry.address);
    if (!address.ok) return { ok: false, error: `ABI ${i + 1}: ${address.error}` };
    const abi = checkAbiJson(entry.abi);
    if (!abi.ok) return { ok: false, error: `ABI ${i + 1} (${address.address}): ${abi.error}` };
    abis.push({ address: address.address, label: entry.label ?? "", abi: abi.abi });
  }
  return { ok: true, abis };
}
