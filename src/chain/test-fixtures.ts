/**
 * Test-only access to the real mainnet and Starknet answers in `test/fixtures` (see its
 * README and INDEX files). Mainnet files are `{request, response}`; Starknet files are bare
 * `result` objects. Imported by tests only, never by the app.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { FAMILY_IDS, type FamilyId } from "./families/types.ts";
import { runToEnd } from "./lazy-rows.ts";
import type { ReceiptsSummary, ReceiptsView } from "./receipts.ts";
import { holdRows } from "./row-text.ts";

export const FIXTURES_DIR = path.resolve(import.meta.dirname, "../../test/fixtures");

/** One mainnet request and the answer a real node gave. */
export interface MainnetFixture {
  /** File name, `eth_getBlockByNumber.14.json`. */
  name: string;
  method: string;
  params: unknown[];
  /** The whole response: `result` or `error`. */
  response: Record<string, unknown>;
  /** `response.result` (undefined when the node answered an error). */
  result: unknown;
  /** `response.error` (undefined when the node answered a result). */
  error: unknown;
}

const cache = new Map<string, unknown>();

function readJson(file: string): unknown {
  let value = cache.get(file);
  if (value === undefined) {
    value = JSON.parse(readFileSync(file, "utf8")) as unknown;
    cache.set(file, value);
  }
  return value;
}

/** Reads one mainnet fixture by file name. */
export function mainnetFixture(name: string): MainnetFixture {
  return familyFixture("mainnet", name);
}

/** One `{request, response}` answer of a folder of `test/fixtures` (`mainnet`, a family's). */
export function familyFixture(folder: string, name: string): MainnetFixture {
  const json = readJson(path.join(FIXTURES_DIR, folder, name)) as {
    request: { method: string; params: unknown[] };
    response: Record<string, unknown>;
  };
  return {
    name,
    method: json.request.method,
    params: json.request.params,
    response: json.response,
    result: json.response.result,
    error: json.response.error,
  };
}

/** All mainnet fixtures, or those of one method, in file-name order. */
export function mainnetFixtures(method?: string): MainnetFixture[] {
  return readdirSync(path.join(FIXTURES_DIR, "mainnet"))
    .filter((f) => f.endsWith(".json") && (method === undefined || f.startsWith(`${method}.`)))
    .sort()
    .map(mainnetFixture);
}

/** The chain families with real `{request, response}` answers in `test/fixtures/<family>/`: the EVM ones. */
export const FIXTURE_FAMILIES = FAMILY_IDS.filter(
  (f): f is Exclude<FamilyId, "ethereum" | "starknet"> => f !== "ethereum" && f !== "starknet",
);

/** Every answer of a family's folder, in file-name order. */
export function familyFixtures(family: string): MainnetFixture[] {
  return readdirSync(path.join(FIXTURES_DIR, family))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => familyFixture(family, f));
}

/** One Starknet block result by file name. */
export function starknetFixture(name: string): unknown {
  return readJson(path.join(FIXTURES_DIR, "starknet", name));
}

/** All Starknet fixtures as `[name, result]`. */
export function starknetFixtures(): [string, unknown][] {
  return readdirSync(path.join(FIXTURES_DIR, "starknet"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => [f, starknetFixture(f)]);
}

/**
 * EIP-55 checksum computed with @noble/hashes, independently of viem's `getAddress`, so tests
 * can check the decoders' checksummed addresses against a second implementation.
 */
export function eip55(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, "");
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = "0x";
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i] ?? "";
    out += Number.parseInt(hash[i] ?? "0", 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** A receipts view's summary with its known events counted, both run now to the end. */
export function summaryNow(view: ReceiptsView): ReceiptsSummary {
  const { totals, problems } = runToEnd(view.summary);
  return { totals: { ...totals, knownEvents: runToEnd(view.knownEvents) }, problems };
}

/**
 * `rows` as the answer worker's slice would bring them and the page would keep them: the slice's
 * JSON text parsed, each object row kept as its text (`holdRows`, row-text.ts). `spaced`: each row
 * written with spaces and line breaks around it, as a node may.
 */
export function heldSlice(rows: readonly unknown[], spaced = false): unknown[] {
  const { json, ends } = sliceOf(rows, spaced);
  return holdRows(JSON.parse(json) as unknown[], json, ends);
}

/** `rows` as the answer worker's slice: its JSON text, and where each row ends in it. */
export function sliceOf(rows: readonly unknown[], spaced = false): { json: string; ends: Int32Array } {
  const texts = rows.map((r) => (spaced ? ` ${JSON.stringify(r, null, 1)}\n` : JSON.stringify(r)));
  const ends: number[] = [];
  let at = 1;
  for (const t of texts) {
    ends.push(at + t.length);
    at += t.length + 1;
  }
  return { json: `[${texts.join(",")}]`, ends: Int32Array.from(ends) };
}
