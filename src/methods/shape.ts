/**
 * Spec-shape checks of the nine methods' results, as zod schemas: each check returns a list of
 * problems for people (`missing field "stateRoot"`, `"gasUsed" should be a hex quantity`), empty
 * when the result has the shape the interface spec describes. The spec's pending nulls and
 * optional fields are honoured; fields beyond the spec are allowed (and typed when known).
 *
 * The network's chain family (`chain/families/`) says what its answers may leave out by design
 * (a deposit's signature, Celo's proof-of-work fields), and eras are honoured: no `type` before
 * EIP-2718, no `effectiveGasPrice` from clients of before London, a `gasPrice` of null on a
 * dynamic-fee transaction, null block fields and status on a receipt not yet in a block.
 */
import { z } from "zod/mini";
import { ethereum } from "../chain/families/ethereum.ts";
import type { ChainFamily } from "../chain/families/types.ts";
import { isRecord } from "../chain/field.ts";
import { describeTxType, omittedByDesign } from "../chain/tx-type.ts";
import { getMethod } from "./registry.ts";
import type { ResultKind } from "./types.ts";

type Schema = z.ZodMiniType;

const QUANTITY = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/;

function hexString(pattern: RegExp, what: string) {
  return z.string({ error: what }).check(z.regex(pattern, { error: what }));
}

/** A hex quantity: `0x0`, `0x1a`; no leading zeros, not empty. */
const quantitySchema = hexString(QUANTITY, "a hex quantity");
/** A 32-byte hash. */
const hashSchema = hexString(/^0x[0-9a-fA-F]{64}$/, "a 32-byte hash");
/** A 20-byte address. */
const addressSchema = hexString(/^0x[0-9a-fA-F]{40}$/, "a 20-byte address");
/** Hex data, `0x` when empty. */
const dataSchema = hexString(/^0x(?:[0-9a-fA-F]{2})*$/, "hex data");
const bloom = hexString(/^0x[0-9a-fA-F]{512}$/, "a 256-byte bloom filter");
/** A 32-byte number as answered: `r`, `s` drop leading zeros; storage keys may be short. */
const word = hexString(/^0x[0-9a-fA-F]{1,64}$/, "hex of at most 32 bytes");
const word32 = hexString(/^0x[0-9a-fA-F]{64}$/, "a 32-byte hex word");

/** Null only while pending (the spec's "null when pending" fields). */
function pendingNull(pattern: RegExp, what: string) {
  const text = `${what} (null only while pending)`;
  return z.nullable(z.string({ error: text }).check(z.regex(pattern, { error: text })));
}
const pendingQuantity = pendingNull(QUANTITY, "a hex quantity");
const pendingHash = pendingNull(/^0x[0-9a-fA-F]{64}$/, "a 32-byte hash");

const withdrawalSchema = z.object(
  { index: quantitySchema, validatorIndex: quantitySchema, address: addressSchema, amount: quantitySchema },
  { error: "a withdrawal object" },
);

/** Fields of blocks and uncles. */
const headerShape = {
  difficulty: quantitySchema,
  extraData: dataSchema,
  gasLimit: quantitySchema,
  gasUsed: quantitySchema,
  hash: pendingHash,
  logsBloom: pendingNull(/^0x[0-9a-fA-F]{512}$/, "a 256-byte bloom filter"),
  miner: addressSchema,
  mixHash: hashSchema,
  nonce: pendingNull(/^0x[0-9a-fA-F]{16}$/, "8 bytes of hex"),
  number: pendingQuantity,
  parentHash: hashSchema,
  receiptsRoot: hashSchema,
  sha3Uncles: hashSchema,
  size: quantitySchema,
  stateRoot: hashSchema,
  timestamp: quantitySchema,
  transactionsRoot: hashSchema,
  uncles: z.array(hashSchema, { error: "an array of uncle hashes" }),
  // Beyond the spec, typed when present.
  baseFeePerGas: z.optional(quantitySchema),
  withdrawalsRoot: z.optional(hashSchema),
  withdrawals: z.optional(z.array(withdrawalSchema, { error: "an array of withdrawals" })),
  blobGasUsed: z.optional(quantitySchema),
  excessBlobGas: z.optional(quantitySchema),
  parentBeaconBlockRoot: z.optional(hashSchema),
  requestsHash: z.optional(hashSchema),
};

/**
 * Block object. `totalDifficulty` is optional although the spec lists it: clients dropped it
 * after the merge and none of the real mainnet answers carries it. `transactions` is checked
 * element by element by {@link checkBlockShape} (hashes or transaction objects).
 */
export const blockSchema = z.object(
  {
    ...headerShape,
    totalDifficulty: z.optional(quantitySchema),
    transactions: z.array(z.unknown(), { error: "an array of hashes or transaction objects" }),
  },
  { error: "a block object" },
);

/** Uncle object: the block's fields without `transactions`; `totalDifficulty` may be null. */
const uncleSchema = z.object(
  {
    ...headerShape,
    totalDifficulty: z.optional(z.nullable(hexString(QUANTITY, "a hex quantity or null"))),
  },
  { error: "an uncle object" },
);

const accessListSchema = z.array(
  z.object(
    { address: addressSchema, storageKeys: z.array(hashSchema, { error: "an array of 32-byte keys" }) },
    { error: "an access list entry" },
  ),
  { error: "an access list (array)" },
);

/** Transaction object; `blockHash`, `blockNumber`, `transactionIndex` are null while pending. */
const transactionSchema = z.object(
  {
    accessList: z.optional(accessListSchema),
    blockHash: pendingHash,
    blockNumber: pendingQuantity,
    chainId: z.optional(quantitySchema),
    chainID: z.optional(quantitySchema),
    from: addressSchema,
    gas: quantitySchema,
    // Null on a dynamic-fee transaction from some nodes (Celo's CIP-42): the max fees say the price.
    gasPrice: z.nullable(hexString(QUANTITY, "a hex quantity")),
    hash: hashSchema,
    input: dataSchema,
    maxPriorityFeePerGas: z.optional(quantitySchema),
    maxFeePerGas: z.optional(quantitySchema),
    nonce: quantitySchema,
    r: word,
    s: word,
    to: z.nullable(hexString(/^0x[0-9a-fA-F]{40}$/, "a 20-byte address (null for a contract creation)")),
    transactionIndex: pendingQuantity,
    type: quantitySchema,
    v: quantitySchema,
    value: quantitySchema,
    yParity: z.optional(z.enum(["0x0", "0x1"], { error: "0x0 or 0x1" })),
    // Beyond the spec, typed when present.
    maxFeePerBlobGas: z.optional(quantitySchema),
    blobVersionedHashes: z.optional(z.array(hashSchema, { error: "an array of hashes" })),
  },
  { error: "a transaction object" },
);

/** Log object inside a receipt. */
const logSchema = z.object(
  {
    address: addressSchema,
    topics: z.array(hashSchema, { error: "an array of 32-byte topics" }),
    data: dataSchema,
    blockNumber: quantitySchema,
    transactionHash: hashSchema,
    transactionIndex: quantitySchema,
    blockHash: hashSchema,
    logIndex: quantitySchema,
    removed: z.boolean({ error: "a boolean" }),
  },
  { error: "a log object" },
);

/**
 * Receipt object. `status` is `0x1`/`0x0`; receipts from before Byzantium carry `root` instead
 * (checked by {@link checkReceiptsShape}: one of the two must be there).
 */
const receiptShape = {
  blockHash: hashSchema,
  blockNumber: quantitySchema,
  contractAddress: z.nullable(hexString(/^0x[0-9a-fA-F]{40}$/, "a 20-byte address or null")),
  cumulativeGasUsed: quantitySchema,
  from: addressSchema,
  gasUsed: quantitySchema,
  effectiveGasPrice: quantitySchema,
  logs: z.array(logSchema, { error: "an array of logs" }),
  logsBloom: bloom,
  status: z.optional(z.enum(["0x0", "0x1"], { error: "0x0 or 0x1" })),
  root: z.optional(hashSchema),
  to: z.nullable(hexString(/^0x[0-9a-fA-F]{40}$/, "a 20-byte address (null for a contract creation)")),
  transactionHash: hashSchema,
  transactionIndex: quantitySchema,
  type: quantitySchema,
  // Beyond the spec, typed when present.
  blobGasUsed: z.optional(quantitySchema),
  blobGasPrice: z.optional(quantitySchema),
};

export const receiptSchema = z.object(receiptShape, { error: "a receipt object" });

/**
 * A receipt of a transaction executed but not yet in a block (ZKsync answers one before its
 * block is sealed): the block fields, the status and the root may be null.
 */
const pendingReceiptSchema = z.object(
  {
    ...receiptShape,
    blockHash: z.nullable(hashSchema),
    blockNumber: z.nullable(quantitySchema),
    transactionIndex: z.nullable(quantitySchema),
    status: z.optional(z.nullable(z.enum(["0x0", "0x1"], { error: "0x0 or 0x1, or null while pending" }))),
    root: z.optional(z.nullable(hashSchema)),
  },
  { error: "a receipt object" },
);

/** Proof object of `eth_getProof`. */
const proofSchema = z.object(
  {
    address: addressSchema,
    balance: quantitySchema,
    codeHash: hashSchema,
    nonce: quantitySchema,
    storageHash: hashSchema,
    accountProof: z.array(dataSchema, { error: "an array of RLP nodes (hex)" }),
    storageProof: z.array(
      z.object(
        {
          key: word,
          value: quantitySchema,
          proof: z.array(dataSchema, { error: "an array of RLP nodes (hex)" }),
        },
        { error: "a storage proof entry" },
      ),
      { error: "an array of storage proofs" },
    ),
  },
  { error: "a proof object" },
);

/** `eth_getStorageAt`: a 32-byte word. */
const storageWordSchema = word32;
/** `eth_estimateGas`: a hex quantity. */
const gasSchema = quantitySchema;

const felt = hexString(/^0x[0-9a-fA-F]{1,64}$/, "a hex felt");
const starknetPrice = z
  .object(
    {
      price_in_fri: z.optional(felt),
      price_in_wei: z.optional(felt),
    },
    { error: "a price object" },
  )
  .check(
    z.refine((p) => p.price_in_fri !== undefined || p.price_in_wei !== undefined, {
      error: "a price object with price_in_fri or price_in_wei",
    }),
  );
const starknetInteger = (what: string) =>
  z.number({ error: what }).check(z.int({ error: what }), z.nonnegative({ error: what }));

/**
 * Starknet block with transaction hashes. A sealed block has `block_hash`, `block_number`,
 * `new_root`, `parent_hash` and `status`; the spec's pending block lacks the first three, spec
 * 0.9's pre-confirmed block has `block_number` and lacks the others (checked by
 * {@link checkStarknetBlockShape}).
 */
const starknetBlockSchema = z.object(
  {
    status: z.optional(
      z.enum(["PENDING", "PRE_CONFIRMED", "ACCEPTED_ON_L2", "ACCEPTED_ON_L1", "REJECTED"], {
        error: "PENDING, PRE_CONFIRMED, ACCEPTED_ON_L2, ACCEPTED_ON_L1 or REJECTED",
      }),
    ),
    block_hash: z.optional(felt),
    parent_hash: z.optional(felt),
    block_number: z.optional(starknetInteger("a non-negative integer")),
    new_root: z.optional(felt),
    timestamp: starknetInteger("a non-negative integer (Unix seconds)"),
    sequencer_address: felt,
    l1_gas_price: starknetPrice,
    l1_data_gas_price: z.optional(starknetPrice),
    l2_gas_price: z.optional(starknetPrice),
    l1_da_mode: z.optional(z.enum(["BLOB", "CALLDATA"], { error: "BLOB or CALLDATA" })),
    starknet_version: z.string({ error: "a string" }),
    // Hashes; a node that answered with whole transactions (starknet_getBlockWithTxs) gives objects
    // carrying their transaction_hash: shown by their hash too.
    transactions: z.array(z.union([felt, z.looseObject({ transaction_hash: felt })]), {
      error: "an array of transaction hashes",
    }),
  },
  { error: "a block object" },
);

type Path = readonly PropertyKey[];

/**
 * Runs a schema and words its issues as problems, with `prefix` put before every path. A field in
 * `mayOmit` (a top-level key of `value`) that is missing is no problem: left out by design.
 */
function problemsOf(
  schema: Schema,
  value: unknown,
  prefix: Path = [],
  mayOmit: ReadonlySet<string> = NONE,
): string[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    const local = issue.path;
    const last = local[local.length - 1];
    if (last !== undefined) {
      const parent = at(value, local.slice(0, -1));
      if (isRecord(parent) && typeof last === "string" && !Object.hasOwn(parent, last)) {
        if (local.length === 1 && mayOmit.has(last)) return [];
        return [`missing field "${pathText(path)}"`];
      }
    }
    return [
      path.length === 0
        ? `result should be ${issue.message}`
        : `"${pathText(path)}" should be ${issue.message}`,
    ];
  });
}

const NONE: ReadonlySet<string> = new Set();

/** What a transaction may leave out by design or era (`chain/tx-type.ts`, as the view model reads it). */
function txOmissions(tx: unknown, family: ChainFamily): ReadonlySet<string> {
  const t = isRecord(tx) ? tx : {};
  return new Set(omittedByDesign(describeTxType(t.type, family, t)));
}

function at(value: unknown, path: Path): unknown {
  let cur = value;
  for (const key of path) {
    if (Array.isArray(cur) && typeof key === "number") cur = cur[key];
    else if (isRecord(cur) && typeof key === "string") cur = cur[key];
    else return undefined;
  }
  return cur;
}

/** `transactions[3].hash`. */
function pathText(path: Path): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" ? String(key) : `.${String(key)}`;
  }
  return text;
}

/**
 * Problems of a block of a family (Ethereum's by default): the header fields, then each
 * transaction (all hashes or all objects).
 */
export function checkBlockShape(result: unknown, family: ChainFamily = ethereum): string[] {
  const problems = problemsOf(blockSchema, result, [], new Set(family.blockMayOmit ?? []));
  if (!isRecord(result) || !Array.isArray(result.transactions)) return problems;
  const txs: unknown[] = result.transactions;
  const full = txs.some((t) => typeof t !== "string");
  txs.forEach((tx, i) => {
    problems.push(
      ...(full
        ? problemsOf(transactionSchema, tx, ["transactions", i], txOmissions(tx, family))
        : problemsOf(hashSchema, tx, ["transactions", i])),
    );
  });
  return problems;
}

/** Problems of an uncle object. */
function checkUncleShape(result: unknown, family: ChainFamily = ethereum): string[] {
  return problemsOf(uncleSchema, result, [], new Set(family.blockMayOmit ?? []));
}

/** Problems of a transaction object of a family. */
export function checkTransactionShape(result: unknown, family: ChainFamily = ethereum): string[] {
  return problemsOf(transactionSchema, result, [], txOmissions(result, family));
}

/**
 * Problems of an `eth_getBlockReceipts` array: every receipt, with `status` or `root`; `type` and
 * `effectiveGasPrice` may be missing (answers of clients of before EIP-2718 / London).
 */
export function checkReceiptsShape(result: unknown, family: ChainFamily = ethereum): string[] {
  if (!Array.isArray(result)) return ["result should be an array of receipts"];
  const mayOmit = new Set(["type", "effectiveGasPrice", ...(family.receiptMayOmit ?? [])]);
  const problems: string[] = [];
  result.forEach((receipt, i) => {
    const pending = isRecord(receipt) && receipt.blockHash === null;
    problems.push(...problemsOf(pending ? pendingReceiptSchema : receiptSchema, receipt, [i], mayOmit));
    if (isRecord(receipt) && receipt.status === undefined && receipt.root === undefined) {
      problems.push(`missing field "[${i}].status" (or "root" before Byzantium)`);
    }
  });
  return problems;
}

/** Problems of a Starknet block, sealed, pending or pre-confirmed. */
function checkStarknetBlockShape(result: unknown): string[] {
  const problems = problemsOf(starknetBlockSchema, result);
  if (!isRecord(result)) return problems;
  if (result.block_hash !== undefined) {
    for (const key of ["status", "block_number", "new_root", "parent_hash"]) {
      if (!Object.hasOwn(result, key)) problems.push(`missing field "${key}"`);
    }
  } else {
    if (result.status !== undefined && result.status !== "PENDING" && result.status !== "PRE_CONFIRMED") {
      problems.push(`"status" should be PENDING or PRE_CONFIRMED for a block without "block_hash"`);
    }
    if (result.block_number === undefined && !Object.hasOwn(result, "parent_hash")) {
      problems.push(`missing field "parent_hash"`);
    }
  }
  return problems;
}

/** Per result kind (`MethodDef.result.kind`): the check of a non-null result. */
const CHECKS = {
  storageWord: (r: unknown) => problemsOf(storageWordSchema, r),
  gasEstimate: (r: unknown) => problemsOf(gasSchema, r),
  block: checkBlockShape,
  uncle: checkUncleShape,
  transaction: checkTransactionShape,
  receipts: checkReceiptsShape,
  proof: (r: unknown) => problemsOf(proofSchema, r),
  starknetBlock: checkStarknetBlockShape,
} satisfies Record<ResultKind, (result: unknown, family: ChainFamily) => string[]>;

/**
 * Checks a `result` against the spec's shape for `method` (wire name), as the method's definition
 * in src/methods/registry.ts describes it, for the network's chain `family` (what its answers may
 * leave out by design). Returns the problems, empty when it fits. `null` is a
 * valid "not found" answer where the definition says `nullable`. For a method the registry does
 * not know it returns no problems (nothing to check).
 */
export function checkResultShape(method: string, result: unknown, family: ChainFamily = ethereum): string[] {
  const def = getMethod(method);
  if (!def) return [];
  if (result === null) return def.result.nullable ? [] : ["result should not be null"];
  return CHECKS[def.result.kind](result, family);
}
