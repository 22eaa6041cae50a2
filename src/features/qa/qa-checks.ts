/**
 * The QA run's cross-method checks: several methods asked about the sample's block must tell one
 * story. Each check is a pass, a fail, a note (a difference the chain explains) or skipped (the
 * sample has nothing to check it with), with a detail that says what was compared.
 *
 * Alongside, the facts a comparison of providers puts side by side (chain id, the block's hash and
 * roots, each receipt's hash, status, gas used and log count, the storage value, the proof's
 * account), taken from the very answers the checks read. Pure: the network is reached through
 * `ask`, which resolves a result or throws.
 */

import { pad } from "viem/utils";
import { isRecord } from "../../chain/field.ts";
import { verifyProofResult } from "../../chain/proof.ts";
import { formatDecimal, quantityOrNull } from "../../chain/quantity.ts";
import { checkBlockReceipts } from "../../chain/receipts.ts";
import type { EvmSample, StarknetSample } from "../../methods/network-sample.ts";

export type Ask = (method: string, params: unknown[] | Record<string, unknown>) => Promise<unknown>;

export type CheckStatus = "pass" | "fail" | "note" | "skipped";
export type QaCheck = { check: string; status: CheckStatus; detail: string };
/** One value a provider gave about the sample's block; null: it gave none. */
export type Fact = { field: string; value: string | null };
export type CheckOutcome = { checks: QaCheck[]; facts: Fact[] };

/** How many of the block's transactions are fetched one by one by default (a run may choose 1 to 500). */
export const DEFAULT_TX_BOUND = 25;
export const MAX_TX_BOUND = 500;

/** What a plain transfer of ether to an account without code costs on Ethereum (and most EVM chains). */
const TRANSFER_GAS = 21_000n;

/**
 * Chains (by catalog chain id) whose `eth_estimateGas` is not the execution gas alone, so a plain
 * transfer estimates more than 21,000 there: Arbitrum adds the L1 data fee, expressed in L2 gas, to
 * every estimate; zkSync Era prices pubdata into its gas. On these the transfer check reports the
 * estimate as a note instead of a failure (exactly 21,000 still passes).
 */
const ESTIMATE_INCLUDES_L1: Readonly<Record<number, string>> = {
  42161: "Arbitrum One adds the L1 data fee to the estimate",
  42170: "Arbitrum Nova adds the L1 data fee to the estimate",
  421614: "Arbitrum Sepolia adds the L1 data fee to the estimate",
  324: "zkSync Era prices pubdata into the estimate",
  300: "zkSync Sepolia prices pubdata into the estimate",
};

const toHex = (n: number | bigint) => `0x${n.toString(16)}`;

/** Why a request failed, in one line (the JSON-RPC error or the failure's message). */
export function failureText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Where two JSON values differ: up to `limit` paths (`transactions[3].gas`, `stateRoot`), empty
 * when they are equal. Object key order does not matter; everything else does.
 */
export function differences(a: unknown, b: unknown, limit = 5): string[] {
  const out: string[] = [];
  const walk = (x: unknown, y: unknown, path: string, depth: number) => {
    if (out.length >= limit) return;
    if (x === y) return;
    if (depth > 64) {
      out.push(path || "(value)");
      return;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) {
        out.push(`${path || "(value)"}.length (${x.length} ≠ ${y.length})`);
        return;
      }
      for (let i = 0; i < x.length && out.length < limit; i++) walk(x[i], y[i], `${path}[${i}]`, depth + 1);
      return;
    }
    if (isRecord(x) && isRecord(y) && !Array.isArray(x) && !Array.isArray(y)) {
      const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])].sort();
      for (const k of keys) {
        if (out.length >= limit) return;
        if (!(k in x) || !(k in y))
          out.push(`${path ? `${path}.` : ""}${k} (${k in x ? "only in the first" : "only in the second"})`);
        else walk(x[k], y[k], path ? `${path}.${k}` : k, depth + 1);
      }
      return;
    }
    out.push(path || "(value)");
  };
  walk(a, b, "", 0);
  return out;
}

/** A fact's value, normalized so equal values compare equal: quantities in decimal, hex lowercased. */
function quantityFact(v: unknown): string | null {
  const q = quantityOrNull(v);
  return q === null ? null : q.toString();
}
function hexFact(v: unknown): string | null {
  return typeof v === "string" ? v.toLowerCase() : null;
}

async function step(checks: QaCheck[], check: string, run: () => Promise<Omit<QaCheck, "check">>) {
  try {
    checks.push({ check, ...(await run()) });
  } catch (error) {
    checks.push({ check, status: "fail", detail: failureText(error) });
  }
}

const nullAnswer = (method: string, what: string): Omit<QaCheck, "check"> => ({
  status: "fail",
  detail: `${method} answered null for ${what}, which the sample found`,
});

/** The EVM checks on the sample's block, and the facts a comparison needs. */
export async function evmChecks(
  ask: Ask,
  sample: EvmSample,
  options: { txBound?: number; chainId?: number | undefined; signal?: AbortSignal | undefined } = {},
): Promise<CheckOutcome> {
  const checks: QaCheck[] = [];
  const facts: Fact[] = [];
  const { number, hash } = sample.block;
  const bound = Math.max(1, Math.min(options.txBound ?? DEFAULT_TX_BOUND, MAX_TX_BOUND));
  const stopped = () => options.signal?.aborted === true;

  let chainId: bigint | null = null;
  try {
    chainId = quantityOrNull(await ask("eth_chainId", []));
  } catch {
    // No chain id: the fact stays empty and the transfer check decides by the catalog alone.
  }
  facts.push({ field: "chain id", value: chainId === null ? null : chainId.toString() });

  // 1. The block by hash and by number, with full transactions: the whole objects must be equal.
  let block: Record<string, unknown> | null = null;
  await step(checks, "block by hash = block by number", async () => {
    const byNumber = await ask("eth_getBlockByNumber", [number, true]);
    if (byNumber === null) return nullAnswer("eth_getBlockByNumber", `block ${number}`);
    if (!isRecord(byNumber)) return { status: "fail", detail: "eth_getBlockByNumber did not answer a block" };
    block = byNumber;
    const byHash = await ask("eth_getBlockByHash", [hash, true]);
    if (byHash === null) return nullAnswer("eth_getBlockByHash", `block ${hash}`);
    const diff = differences(byNumber, byHash);
    return diff.length === 0
      ? {
          status: "pass",
          detail: `the two answers for block ${number} are identical (${Object.keys(byNumber).length} fields, full transactions)`,
        }
      : { status: "fail", detail: `the answers differ at ${diff.join(", ")}` };
  });
  const b = block as Record<string, unknown> | null;
  facts.push(
    { field: "block hash", value: hexFact(b?.hash) },
    { field: "parent hash", value: hexFact(b?.parentHash) },
    { field: "state root", value: hexFact(b?.stateRoot) },
    { field: "transactions root", value: hexFact(b?.transactionsRoot) },
    { field: "receipts root", value: hexFact(b?.receiptsRoot) },
    {
      field: "transaction count",
      value: b && Array.isArray(b.transactions) ? String(b.transactions.length) : null,
    },
  );
  if (stopped()) return { checks, facts };

  // 2. Each transaction by block hash and index equals the block's transaction at that index.
  await step(checks, "transactions by block hash and index", async () => {
    if (!b || !Array.isArray(b.transactions))
      return { status: "skipped", detail: "the block with its transactions could not be read" };
    const txs = b.transactions;
    if (txs.length === 0) return { status: "skipped", detail: `block ${number} has no transactions` };
    const count = Math.min(txs.length, bound);
    for (let i = 0; i < count; i++) {
      if (stopped()) return { status: "fail", detail: `cancelled after ${i} of ${count}` };
      const tx = await ask("eth_getTransactionByBlockHashAndIndex", [hash, toHex(i)]);
      if (tx === null) return nullAnswer("eth_getTransactionByBlockHashAndIndex", `index ${toHex(i)}`);
      const diff = differences(txs[i], tx);
      if (diff.length > 0)
        return {
          status: "fail",
          detail: `transaction ${toHex(i)} differs from the block's at ${diff.join(", ")} (checked ${i + 1} of ${txs.length})`,
        };
    }
    return {
      status: "pass",
      detail: `checked ${count} of ${txs.length} transaction(s)${count < txs.length ? ` (the run's bound is ${bound})` : ""}: each equals the block's`,
    };
  });
  if (stopped()) return { checks, facts };

  // 3. The receipts against the block (chain/receipts.ts), and each names the block's number.
  let receipts: unknown = null;
  try {
    receipts = await ask("eth_getBlockReceipts", [number]);
    if (receipts === null)
      checks.push({ check: "receipts", ...nullAnswer("eth_getBlockReceipts", `block ${number}`) });
  } catch (error) {
    checks.push({ check: "receipts", status: "fail", detail: failureText(error) });
  }
  if (receipts !== null && b) {
    for (const c of checkBlockReceipts(b, receipts))
      checks.push({ check: `receipts: ${c.check}`, status: c.ok ? "pass" : "fail", detail: c.detail });
    if (Array.isArray(receipts)) {
      const want = quantityOrNull(number);
      const wrong = receipts.findIndex((r) => !isRecord(r) || quantityOrNull(r.blockNumber) !== want);
      checks.push({
        check: "receipts: block number",
        status: wrong < 0 ? "pass" : "fail",
        detail:
          wrong < 0
            ? `every receipt names block number ${want === null ? number : formatDecimal(want)}`
            : `receipt ${wrong} names another block number`,
      });
    }
  }
  facts.push({ field: "receipt count", value: Array.isArray(receipts) ? String(receipts.length) : null });
  if (Array.isArray(receipts))
    receipts.forEach((r, i) => {
      const rec = isRecord(r) ? r : {};
      facts.push(
        { field: `receipt ${i} transaction hash`, value: hexFact(rec.transactionHash) },
        { field: `receipt ${i} status`, value: quantityFact(rec.status) ?? hexFact(rec.root) },
        { field: `receipt ${i} gas used`, value: quantityFact(rec.gasUsed) },
        { field: `receipt ${i} log count`, value: Array.isArray(rec.logs) ? String(rec.logs.length) : null },
      );
    });
  if (stopped()) return { checks, facts };

  // 4 and 5. Storage against the proof, and the proof against the block's state root.
  const contract = sample.contract;
  if (!contract) {
    const why = "the sample found no contract with a non-empty slot";
    checks.push(
      { check: "storage = proof's storage value", status: "skipped", detail: why },
      { check: "proof verifies against the state root", status: "skipped", detail: why },
    );
  } else {
    let stored: unknown;
    let proof: unknown;
    // As a 32-byte word: nodes (geth's eth_getProof) refuse a short storage key.
    const slot = pad(contract.slot as `0x${string}`, { size: 32 });
    await step(checks, "storage = proof's storage value", async () => {
      stored = await ask("eth_getStorageAt", [contract.address, slot, number]);
      proof = await ask("eth_getProof", [contract.address, [slot], number]);
      const want = quantityOrNull(contract.slot);
      const entries = isRecord(proof) && Array.isArray(proof.storageProof) ? proof.storageProof : [];
      const entry = entries.find((e) => isRecord(e) && quantityOrNull(e.key) === want);
      const a = quantityOrNull(stored);
      const p = isRecord(entry) ? quantityOrNull(entry.value) : null;
      if (a === null) return { status: "fail", detail: "eth_getStorageAt did not answer a hex word" };
      if (p === null)
        return { status: "fail", detail: `eth_getProof has no storage proof for slot ${contract.slot}` };
      return a === p
        ? {
            status: "pass",
            detail: `slot ${contract.slot} of ${contract.address} holds ${formatDecimal(a)} in both, at block ${number}`,
          }
        : {
            status: "fail",
            detail: `eth_getStorageAt says ${formatDecimal(a)}, eth_getProof ${formatDecimal(p)}`,
          };
    });
    await step(checks, "proof verifies against the state root", async () => {
      if (proof === undefined) return { status: "skipped", detail: "eth_getProof gave no answer" };
      const root = b && typeof b.stateRoot === "string" ? b.stateRoot : null;
      if (!root) return { status: "skipped", detail: "the block's state root could not be read" };
      const report = await verifyProofResult(root, contract.address, proof);
      const storage = report.storage.map((s) => s.reason).join("; ");
      return {
        status: report.ok ? "pass" : "fail",
        detail: `against state root ${root}: ${report.account.reason}${storage ? `; ${storage}` : ""}`,
      };
    });
    const p = isRecord(proof) ? proof : {};
    const entry = Array.isArray(p.storageProof) ? p.storageProof[0] : undefined;
    facts.push(
      { field: "storage value", value: quantityFact(stored) },
      { field: "proof balance", value: quantityFact(p.balance) },
      { field: "proof nonce", value: quantityFact(p.nonce) },
      { field: "proof code hash", value: hexFact(p.codeHash) },
      { field: "proof storage hash", value: hexFact(p.storageHash) },
      { field: "proof storage value", value: isRecord(entry) ? quantityFact(entry.value) : null },
    );
  }
  if (stopped()) return { checks, facts };

  // 6. A plain transfer estimates 21,000 gas.
  const transfer = sample.transfer;
  if (!transfer) {
    checks.push({
      check: "a plain transfer estimates 21,000 gas",
      status: "skipped",
      detail: "the sample found no sender for a transfer",
    });
  } else {
    const id = options.chainId ?? (chainId === null ? undefined : Number(chainId));
    await step(checks, "a plain transfer estimates 21,000 gas", async () => {
      const answer = await ask("eth_estimateGas", [
        { from: transfer.from, to: transfer.to, value: transfer.value },
        number,
      ]);
      const gas = quantityOrNull(answer);
      if (gas === null) return { status: "fail", detail: "eth_estimateGas did not answer a quantity" };
      const what = `1 wei from ${transfer.from} to ${transfer.to} estimates ${formatDecimal(gas)} gas at block ${number}`;
      if (gas === TRANSFER_GAS) return { status: "pass", detail: what };
      const why = id === undefined ? undefined : ESTIMATE_INCLUDES_L1[id];
      return why
        ? { status: "note", detail: `${what}: ${why}, so it is not 21,000 here` }
        : { status: "fail", detail: `${what}, not 21,000` };
    });
  }
  return { checks, facts };
}

/** Starknet: the block by number equals the block by hash; its hash and roots are the facts. */
export async function starknetChecks(ask: Ask, sample: StarknetSample): Promise<CheckOutcome> {
  const checks: QaCheck[] = [];
  let block: Record<string, unknown> | null = null;
  let chainId: string | null = null;
  try {
    const id = await ask("starknet_chainId", []);
    chainId = typeof id === "string" ? id.toLowerCase() : null;
  } catch {
    // The fact stays empty.
  }
  await step(checks, "block by number = block by hash", async () => {
    const byNumber = await ask("starknet_getBlockWithTxHashes", {
      block_id: { block_number: sample.block.number },
    });
    if (byNumber === null) return nullAnswer("starknet_getBlockWithTxHashes", `block ${sample.block.number}`);
    if (!isRecord(byNumber)) return { status: "fail", detail: "the answer by number is not a block" };
    block = byNumber;
    const byHash = await ask("starknet_getBlockWithTxHashes", {
      block_id: { block_hash: sample.block.hash },
    });
    if (byHash === null) return nullAnswer("starknet_getBlockWithTxHashes", `block ${sample.block.hash}`);
    const diff = differences(byNumber, byHash);
    return diff.length === 0
      ? { status: "pass", detail: `the two answers for block ${sample.block.number} are identical` }
      : { status: "fail", detail: `the answers differ at ${diff.join(", ")}` };
  });
  const b = block as Record<string, unknown> | null;
  const txs = b && Array.isArray(b.transactions) ? b.transactions : null;
  return {
    checks,
    facts: [
      { field: "chain id", value: chainId },
      { field: "block hash", value: hexFact(b?.block_hash) },
      { field: "parent hash", value: hexFact(b?.parent_hash) },
      { field: "new root", value: hexFact(b?.new_root) },
      { field: "transaction count", value: txs ? String(txs.length) : null },
      ...(txs ?? []).map((t, i) => ({ field: `transaction ${i} hash`, value: hexFact(t) })),
    ],
  };
}
