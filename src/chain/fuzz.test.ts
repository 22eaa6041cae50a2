/**
 * Property-based fuzz of the answer decoders (fast-check): a node's answer may be anything. Each
 * decoder gets random JSON, and the real mainnet and Starknet answers of test/fixtures with one to
 * three values swapped for random JSON (a number where a hex string was, an object in a list, a
 * megabyte of digits…). The property: it never throws, and it says whether it could read the
 * answer (ok or a message), so a view fails with a message, never the app.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBlock } from "./block.ts";
import { stringifyDeep } from "./json-text.ts";
import { decodeProof } from "./proof.ts";
import { decodeBlockReceipts, decodeLog } from "./receipts.ts";
import { decodeRevertData, describeNodeError } from "./revert.ts";
import { decodeStarknetBlock } from "./starknet-block.ts";
import { decodeStorageWord } from "./storage.ts";
import { mainnetFixtures, starknetFixtures, summaryNow } from "./test-fixtures.ts";
import { decodeTransaction, summarizeTransaction } from "./transaction.ts";

const RUNS = 150;

/** JSON a hostile node could send, weighted towards the shapes decoders meet. */
const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom("0x", "0x0", "0x-1", "0xzz", "0x".padEnd(2_000, "f"), "", "null", "1e400", null, -1, 1e308),
  fc.stringMatching(/^0x[0-9a-fA-F]{0,80}$/),
  fc.bigInt({ min: 0n, max: 2n ** 300n }).map((n) => `0x${n.toString(16)}`),
);

type Json = unknown;

/** Every path to a value in a JSON tree (bounded, for big fixtures). */
function paths(value: Json, max = 4_000): (string | number)[][] {
  const out: (string | number)[][] = [];
  const stack: { v: Json; p: (string | number)[] }[] = [{ v: value, p: [] }];
  while (stack.length && out.length < max) {
    const { v, p } = stack.pop()!;
    out.push(p);
    if (Array.isArray(v)) for (const [i, c] of v.entries()) stack.push({ v: c, p: [...p, i] });
    else if (v && typeof v === "object")
      for (const [k, c] of Object.entries(v)) stack.push({ v: c, p: [...p, k] });
  }
  return out;
}

function replaceAt(root: Json, path: (string | number)[], leaf: unknown): Json {
  if (path.length === 0) return leaf;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node: unknown = copy;
  for (const key of path.slice(0, -1)) {
    // An earlier swap may have replaced a parent of this path: then this swap has nothing to hit.
    if (node === null || typeof node !== "object") return copy;
    node = (node as Record<string | number, unknown>)[key];
  }
  if (node === null || typeof node !== "object") return copy;
  (node as Record<string | number, unknown>)[path[path.length - 1]!] = leaf;
  return copy;
}

/** A real answer with one to three of its values replaced by hostile ones. */
function mutated(answers: readonly Json[]): fc.Arbitrary<Json> {
  const indexed = answers.map((a) => ({ a, p: paths(a) }));
  return fc.integer({ min: 0, max: indexed.length - 1 }).chain((i) => {
    const { a, p } = indexed[i]!;
    return fc
      .array(fc.tuple(fc.integer({ min: 0, max: p.length - 1 }), hostileLeaf), { minLength: 1, maxLength: 3 })
      .map((swaps) => swaps.reduce((acc, [j, leaf]) => replaceAt(acc, p[j]!, leaf), a));
  });
}

const results = (method: string) =>
  mainnetFixtures(method)
    .map((f) => f.result)
    .filter((r) => r != null);

/** Decodes, and the outcome is a Parsed (ok with a value, or a message). */
function expectParsed(run: () => { ok: boolean; error?: string }) {
  const parsed = run();
  expect(typeof parsed.ok).toBe("boolean");
  if (!parsed.ok) expect(parsed.error ?? "").not.toBe("");
}

/** A block with every lazy row read: decoding a row must not throw either. */
function blockAllRows(raw: unknown, kind?: "uncle") {
  const parsed = decodeBlock(raw, kind);
  if (parsed.ok && parsed.value.transactions.kind === "full") parsed.value.transactions.items.toArray();
  return parsed;
}

/** Receipts with every row, every log and the known-events count read. */
function receiptsAllRows(raw: unknown) {
  const parsed = decodeBlockReceipts(raw);
  if (parsed.ok) {
    for (const row of parsed.value.rows) row.logs.toArray();
    summaryNow(parsed.value);
  }
  return parsed;
}

const decoders: [string, (raw: unknown) => { ok: boolean; error?: string }, Json[]][] = [
  [
    "decodeBlock",
    (r) => blockAllRows(r),
    [...results("eth_getBlockByNumber"), ...results("eth_getBlockByHash")],
  ],
  ["decodeBlock (uncle)", (r) => blockAllRows(r, "uncle"), results("eth_getUncleByBlockNumberAndIndex")],
  ["decodeTransaction", decodeTransaction, results("eth_getTransactionByBlockHashAndIndex")],
  ["decodeBlockReceipts", receiptsAllRows, results("eth_getBlockReceipts")],
  ["decodeProof", decodeProof, results("eth_getProof")],
  ["decodeStorageWord", decodeStorageWord, results("eth_getStorageAt")],
  ["decodeStarknetBlock", decodeStarknetBlock, starknetFixtures().map(([, r]) => r)],
];

describe("decoders never throw on what a node may send", () => {
  for (const [name, decode, real] of decoders) {
    it(`${name}: random JSON`, () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 4 }), (raw) => expectParsed(() => decode(raw))),
        { numRuns: RUNS },
      );
    });
    if (real.length)
      // Every row of every answer is read (receipts: thousands of logs): seconds on a busy machine.
      it(`${name}: real answers with values swapped for hostile ones (${real.length} answers)`, {
        timeout: 60_000,
      }, () => {
        fc.assert(
          fc.property(mutated(real), (raw) => expectParsed(() => decode(raw))),
          { numRuns: RUNS },
        );
      });
  }

  it("log, transaction summary, revert data and node errors: any JSON", () => {
    fc.assert(
      fc.property(hostileLeaf, fc.jsonValue({ maxDepth: 3 }), (leaf, json) => {
        decodeLog(json);
        summarizeTransaction(json);
        decodeRevertData(leaf);
        describeNodeError(json);
        describeNodeError({ code: -32000, message: "execution reverted", data: leaf });
      }),
      { numRuns: RUNS },
    );
  });

  it("stringifyDeep prints any depth without a stack overflow", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.jsonValue({ maxDepth: 2 }), (depth, leaf) => {
        let v: unknown = leaf;
        for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
        expect(stringifyDeep(v).length).toBeGreaterThan(depth);
      }),
      { numRuns: 30 },
    );
  });
});
