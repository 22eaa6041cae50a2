import type { JsonRpcRequest, JsonRpcResponse, RpcBackend } from "./json-rpc.ts";

/**
 * Synthetic blocks for the bench (`npm run bench`; off unless asked: `startDevnet({ synthetic:
 * true })` or DEVNET_SYNTHETIC=1): block number SYNTHETIC_BASE + n is a block of n full
 * transactions, its receipts carry LOGS_PER_RECEIPT logs each. Deterministic and spec-shaped (type-2
 * transactions, ERC-20 transfer calldata and Transfer logs), far above any height the devnet
 * reaches, so no real block is hidden. Nothing else is answered differently.
 */
export const SYNTHETIC_BASE = 0x10_0000_0000;
export const LOGS_PER_RECEIPT = 5;
/** The most transactions a synthetic block holds (about 50 MB of JSON). */
export const MAX_SYNTHETIC_TXS = 40_000;

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const word = (seed: number, salt: number) =>
  `0x${((seed * 2654435761 + salt * 40503) >>> 0).toString(16).padStart(8, "0").repeat(8)}`;
const address = (seed: number) => `0x${((seed * 2246822519) >>> 0).toString(16).padStart(8, "0").repeat(5)}`;
const pad32 = (hexBody: string) => hexBody.replace(/^0x/, "").padStart(64, "0");

/** n for block SYNTHETIC_BASE + n, or undefined when `tag` is not a synthetic block. */
export function syntheticCount(tag: unknown): number | undefined {
  if (typeof tag !== "string" || !/^0x[0-9a-f]+$/i.test(tag)) return undefined;
  const n = Number.parseInt(tag, 16) - SYNTHETIC_BASE;
  return n >= 0 && n <= MAX_SYNTHETIC_TXS ? n : undefined;
}

/** What a variant shifts a transaction's contents by: far enough that no row repeats another's. */
const VARIANT_STRIDE = 100_003;
/** The number transaction `i`'s contents (and its receipt's logs) are made of, in `variant`. */
const seedOf = (i: number, variant: number) => i + variant * VARIANT_STRIDE;
/** The gas each transaction of `variant` used (within its block's limit of 60,000 a transaction). */
const gasOf = (variant: number) => 51_000 + variant * 3;
/** A header word of block `seed` in `variant`: salt 0 is the block's hash (its receipts' too), 1-7 the rest. */
const headerWord = (seed: number, salt: number, variant: number) => word(seed, salt + variant * 8);

function transaction(number: number, blockHash: string, i: number, variant: number) {
  const k = seedOf(i, variant);
  const from = address(k % 977);
  const to = address(7 + (k % 31));
  const amount = pad32(hex(1_000_000 + k * 37));
  return {
    blockHash,
    blockNumber: hex(number),
    chainId: "0x7a69",
    from,
    gas: hex(60_000 + (k % 1000)),
    gasPrice: hex(2_000_000_000 + k),
    maxFeePerGas: hex(3_000_000_000),
    maxPriorityFeePerGas: hex(1_000_000_000),
    hash: word(k, number),
    // ERC-20 transfer(address,uint256) for most; every fifth a longer call with words of its own
    // (about 1.2 KB of JSON per transaction, as a busy mainnet block has).
    input:
      i % 5 === 4
        ? `0x5ae401dc${Array.from({ length: 30 }, (_, w) => pad32(hex(k * 31 + w))).join("")}`
        : `0xa9059cbb${pad32(address(k + 11))}${amount}`,
    nonce: hex(i),
    to,
    transactionIndex: hex(i),
    value: "0x0",
    type: "0x2",
    accessList: [],
    v: "0x1",
    r: word(k, 1),
    s: word(k, 2),
    yParity: "0x1",
  };
}

/**
 * Block SYNTHETIC_BASE + n. `variant` (the request's id, `variantOf`) changes its transactions'
 * contents and every header field a chain's next block changes (its hashes and roots, miner,
 * timestamp, gas used, base fee), not its number, its count nor its size: a page's next send (the
 * next id) draws a block it never drew, as a chain's next block would be, and the bench's timed
 * send is never the warm-up's answer again (drawn again, only its id and time changed in the page).
 * The fields a next block keeps (gas limit, nonce, difficulty, the empty uncles' and withdrawals'
 * roots, the blob gas) stay.
 */
export function syntheticBlock(n: number, full: boolean, variant = 0) {
  const number = SYNTHETIC_BASE + n;
  const hash = headerWord(number, 0, variant);
  const txs = Array.from({ length: n }, (_, i) => transaction(number, hash, i, variant));
  return {
    number: hex(number),
    hash,
    parentHash: headerWord(number - 1, 0, variant),
    nonce: "0x0000000000000000",
    sha3Uncles: "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347",
    logsBloom: `0x${"0".repeat(512)}`,
    transactionsRoot: headerWord(number, 3, variant),
    stateRoot: headerWord(number, 4, variant),
    receiptsRoot: headerWord(number, 5, variant),
    miner: address(1 + variant),
    difficulty: "0x0",
    extraData: "0x",
    size: hex(600 + n * 1200),
    gasLimit: hex(30_000_000 + n * 60_000),
    gasUsed: hex(n * gasOf(variant)),
    timestamp: hex(1_700_000_000 + n + variant * 12),
    transactions: full ? txs : txs.map((t) => t.hash),
    uncles: [],
    baseFeePerGas: hex(1_000_000_000 + variant * 12_345_679),
    mixHash: headerWord(number, 6, variant),
    withdrawals: [],
    withdrawalsRoot: "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421",
    blobGasUsed: "0x0",
    excessBlobGas: "0x0",
    parentBeaconBlockRoot: headerWord(number, 7, variant),
  };
}

/** The receipts of `syntheticBlock(n, true, variant)`. */
export function syntheticReceipts(n: number, variant = 0) {
  const number = SYNTHETIC_BASE + n;
  const blockHash = headerWord(number, 0, variant);
  let logIndex = 0;
  return Array.from({ length: n }, (_, i) => {
    const tx = transaction(number, blockHash, i, variant);
    const k = seedOf(i, variant);
    return {
      transactionHash: tx.hash,
      transactionIndex: tx.transactionIndex,
      blockHash,
      blockNumber: hex(number),
      from: tx.from,
      to: tx.to,
      cumulativeGasUsed: hex((i + 1) * gasOf(variant)),
      gasUsed: hex(gasOf(variant)),
      contractAddress: null,
      logs: Array.from({ length: LOGS_PER_RECEIPT }, (_, j) => ({
        address: tx.to,
        topics: [TRANSFER_TOPIC, `0x${pad32(tx.from)}`, `0x${pad32(address(k + j + 11))}`],
        data: `0x${pad32(hex(1_000_000 + k * 37 + j))}`,
        blockNumber: hex(number),
        transactionHash: tx.hash,
        transactionIndex: tx.transactionIndex,
        blockHash,
        logIndex: hex(logIndex++),
        removed: false,
      })),
      logsBloom: `0x${"0".repeat(512)}`,
      type: "0x2",
      status: "0x1",
      effectiveGasPrice: hex(2_000_000_000),
    };
  });
}

/**
 * A synthetic answer's variant: its request's id where that is a whole number (its absolute value
 * modulo 1,000, so the contents' numbers stay in range), else 0.
 */
export const variantOf = (id: unknown): number =>
  typeof id === "number" && Number.isSafeInteger(id) ? Math.abs(id) % 1000 : 0;

/** `backend`, with the synthetic blocks and their receipts answered in front of it. */
export function withSyntheticBlocks(backend: RpcBackend): RpcBackend {
  return {
    handle(request: JsonRpcRequest): Promise<JsonRpcResponse> {
      const params = Array.isArray(request.params) ? request.params : [];
      const n = syntheticCount(params[0]);
      const variant = variantOf(request.id);
      if (n !== undefined && request.method === "eth_getBlockByNumber")
        return Promise.resolve({
          jsonrpc: "2.0",
          id: request.id,
          result: syntheticBlock(n, params[1] === true, variant),
        });
      if (n !== undefined && request.method === "eth_getBlockReceipts")
        return Promise.resolve({ jsonrpc: "2.0", id: request.id, result: syntheticReceipts(n, variant) });
      return backend.handle(request);
    },
  };
}
