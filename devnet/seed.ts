import {
  type Address,
  encodeAbiParameters,
  encodeDeployData,
  encodeErrorResult,
  encodeFunctionData,
  getAbiItem,
  getAddress,
  getContractAddress,
  type Hex,
  isHex,
  keccak256,
  maxUint256,
  numberToHex,
  parseAbi,
  parseEther,
  parseGwei,
  type TransactionSerializableEIP1559,
  type TransactionSerializableEIP2930,
  type TransactionSerializableLegacy,
  toEventSelector,
  toFunctionSelector,
  toHex,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { formatAbiItem } from "viem/utils";
import { z } from "zod";
import {
  ANVIL_BLOCK_GAS_LIMIT,
  ANVIL_CHAIN_ID,
  ANVIL_GENESIS_TIMESTAMP,
  ANVIL_HARDFORK,
  ANVIL_MNEMONIC,
  type AnvilRpc,
  anvilRpc,
} from "./anvil.ts";
import { reverterAbi, storeAbi, tokenAbi } from "./contracts/abi.ts";
import artifactsJson from "./contracts/artifacts.json" with { type: "json" };

/*
 * The seed step: deploys the devnet contracts and sends the transactions every view needs, straight
 * to Anvil (not through the gateway), and returns a manifest that names what is where.
 *
 * Determinism: Anvil starts with a fixed genesis (anvil.ts); the seed uses fixed keys, fixed
 * nonces, fixed gas limits and fees, and mines every block itself (automine off, evm_mine) at a
 * fixed timestamp with a fixed set of transactions. Signatures are deterministic (RFC 6979), so
 * every transaction hash and block hash is the same at every start; seed.test.ts checks the
 * manifest against the committed devnet/seed-manifest.json.
 */

// ---------------------------------------------------------------------------------------------
// The manifest
// ---------------------------------------------------------------------------------------------

/** Kinds of the transaction types the devnet holds, as nodes report them. */
export type TxTypeHex = "0x0" | "0x1" | "0x2";

export interface SeededAccount {
  /** Its role in the seed. */
  role: string;
  /** Index in Anvil's default mnemonic (derivation path m/44'/60'/0'/0/<index>). */
  index: number;
  /** EIP-55 checksummed address. */
  address: Address;
  /** The well-known private key of that Anvil dev account (public knowledge: never use on a real chain). */
  privateKey: Hex;
}

export interface SeededContract {
  name: "Store" | "Reverter" | "Token";
  /** Source file, from the repository root. */
  source: string;
  /** EIP-55 checksummed address (CREATE address of the deployer and its nonce). */
  address: Address;
  /** Hash of the creation transaction. */
  deployTransaction: Hex;
  deployBlock: number;
}

export interface SeededTransaction {
  /** What it does, in words. */
  description: string;
  hash: Hex;
  blockNumber: number;
  /** The block number as a hex quantity, e.g. "0x4". */
  blockNumberHex: Hex;
  blockHash: Hex;
  /** Position in its block (0-based), and the same as a hex quantity. */
  transactionIndex: number;
  transactionIndexHex: Hex;
  /** EIP-2718 type as the node reports it: "0x0" legacy, "0x1" access list, "0x2" EIP-1559. */
  type: TxTypeHex;
  /** Receipt status: "0x1" success, "0x0" failed. */
  status: "0x1" | "0x0";
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  /** The created contract for a creation, else null (as in the receipt). */
  contractAddress: Address | null;
  /** Receipt gasUsed, hex quantity. */
  gasUsed: Hex;
  /** Number of logs in the receipt. */
  logCount: number;
}

/** A call object for eth_estimateGas (params[0]) that reverts. */
export interface RevertCall {
  from: Address;
  to: Address;
  data: Hex;
}

export interface SeededBlock {
  number: number;
  numberHex: Hex;
  hash: Hex;
  /** Unix seconds (fixed by the seed). */
  timestamp: number;
  transactionCount: number;
  /** Sum of the block's receipts' logs. */
  logCount: number;
  gasUsed: Hex;
  baseFeePerGas: Hex;
  /** What the block holds, in words. */
  description: string;
}

export interface StorageEntry {
  /** The mapping key (an address). */
  key: Address;
  /** keccak256(pad32(key) . pad32(slot)): the storage position to pass to eth_getStorageAt / eth_getProof. */
  position: Hex;
  /** The 32-byte word eth_getStorageAt returns at `position` (latest block). */
  value: Hex;
  /** The same value as a decimal integer. */
  decimal: string;
}

export interface SeedManifest {
  /** Bumped when the shape of this manifest changes. */
  manifestVersion: 1;
  /** 31337 */
  chainId: number;
  /** "0x7a69", what eth_chainId returns. */
  chainIdHex: Hex;
  /** The Anvil settings the chain depends on (see devnet/anvil.ts). */
  anvil: { hardfork: string; blockGasLimit: number; genesisTimestamp: number };
  /** Anvil's default mnemonic and derivation path; the accounts below are its first indexes. */
  mnemonic: string;
  derivationPath: string;
  accounts: {
    /** Index 0: deploys the contracts, holds the token supply, sends most transactions and the heavy block. */
    deployer: SeededAccount;
    /** Index 1: receives ether and tokens, is approved to spend the deployer's tokens, sends the failed transaction. */
    alice: SeededAccount;
    /** Index 2: receives tokens (transferFrom) and has a mapping entry. */
    bob: SeededAccount;
  };
  contracts: { store: SeededContract; reverter: SeededContract; token: SeededContract };
  /** Token metadata and its event topics (topic0). */
  token: {
    name: string;
    symbol: string;
    decimals: number;
    /** Total supply in base units (decimal). */
    totalSupply: string;
    transferTopic: Hex;
    approvalTopic: Hex;
  };
  storage: {
    /** The Store contract the slots belong to. */
    contract: Address;
    /** Slot 0: `uint256 value`. */
    slot0: {
      /** The position, a 32-byte word (0). */
      slot: Hex;
      /** The word at latest (set by the legacy transaction). */
      value: Hex;
      decimal: string;
      /** The word before that transaction (constructor value), e.g. at block `contracts.store.deployBlock`. */
      initialValue: Hex;
      /** Block whose transaction changed it from initialValue to value. */
      setInBlock: number;
    };
    /** Slot 1: `mapping(address => uint256) balances`. */
    mapping: {
      /** The mapping's slot as a 32-byte word (1). */
      slot: Hex;
      /** The block whose transactions wrote the entries. */
      setInBlock: number;
      entries: StorageEntry[];
      /** A key with no entry: its position holds the zero word (an exclusion proof in eth_getProof). */
      absent: StorageEntry;
    };
  };
  /** eth_estimateGas call objects that revert (JSON-RPC error code 3 with the ABI data below). */
  reverts: {
    reason: { call: RevertCall; reason: string; data: Hex };
    customError: {
      call: RevertCall;
      /** The error's signature, e.g. "InsufficientBalance(uint256,uint256)". */
      signature: string;
      /** Its 4-byte selector. */
      selector: Hex;
      /** The arguments, decimal. */
      args: string[];
      data: Hex;
    };
    /** Panic(uint256) 0x11: arithmetic overflow (increment(type(uint256).max)). */
    panicOverflow: { call: RevertCall; code: number; codeHex: Hex; meaning: string; data: Hex };
    /** Panic(uint256) 0x12: division by zero (divide(1, 0)). */
    panicDivisionByZero: { call: RevertCall; code: number; codeHex: Hex; meaning: string; data: Hex };
  };
  transactions: {
    /** Type 2 creation of Store: `to` null, `contractAddress` set. */
    contractCreation: SeededTransaction;
    /** Type 0 (legacy, EIP-155): Store.setValue. */
    legacy: SeededTransaction;
    /** Type 1 (EIP-2930) with a non-empty access list: Store.setBalance. */
    accessList: SeededTransaction & { accessList: { address: Address; storageKeys: Hex[] }[] };
    /** Type 2 (EIP-1559): an ether transfer. */
    eip1559: SeededTransaction & { value: Hex };
    /** Mined with receipt status 0x0: Reverter.failWithReason with an explicit gas limit. */
    failed: SeededTransaction & { reason: string };
    /** Token.transfer: one Transfer log. */
    tokenTransfer: SeededTransaction;
    /** Token.approve: one Approval log. */
    tokenApproval: SeededTransaction;
    /** Token.transferFrom by the approved spender: one Transfer log. */
    tokenTransferFrom: SeededTransaction;
  };
  /** The block with 1,000+ transactions and thousands of logs. */
  heavyBlock: {
    number: number;
    numberHex: Hex;
    hash: Hex;
    transactionCount: number;
    logCount: number;
    gasUsed: Hex;
    /** Each transaction is Token.batchTransfer to these recipients: one Transfer log each. */
    sender: Address;
    recipients: Address[];
    firstTransactionHash: Hex;
    lastTransactionHash: Hex;
  };
  /** Every block from genesis to latest. */
  blocks: SeededBlock[];
  /** The latest block once the seed is done. */
  latestBlock: { number: number; numberHex: Hex; hash: Hex };
}

// ---------------------------------------------------------------------------------------------
// Fixed inputs
// ---------------------------------------------------------------------------------------------

/**
 * Anvil's default dev accounts (mnemonic "test test ... junk", m/44'/60'/0'/0/<i>). Their keys are
 * public; seed.test.ts derives them from the mnemonic to prove these are right.
 */
export const ANVIL_DEV_ACCOUNTS: readonly { address: Address; privateKey: Hex }[] = [
  {
    address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  },
  {
    address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  },
  {
    address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    privateKey: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  },
  {
    address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    privateKey: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  },
  {
    address: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    privateKey: "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  },
  {
    address: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
    privateKey: "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  },
  {
    address: "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
    privateKey: "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  },
  {
    address: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
    privateKey: "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  },
];
export const DERIVATION_PATH = "m/44'/60'/0'/0/<index>";

/** Seconds between seeded blocks (block n has timestamp genesis + n * BLOCK_INTERVAL). */
export const BLOCK_INTERVAL = 12;
/** Transactions in the heavy block, and Transfer logs per transaction. */
export const HEAVY_TX_COUNT = 1_100;
export const HEAVY_RECIPIENT_COUNT = 5;

const FEES_1559 = { maxFeePerGas: parseGwei("20"), maxPriorityFeePerGas: parseGwei("1") } as const;
const GAS_PRICE = parseGwei("5");
const STORE_INITIAL_VALUE = 1n;
const STORE_VALUE = 0xc0ffeen;
const TOKEN_SUPPLY = parseEther("1000000");
const REVERT_REASON = "Reverter: always fails";
const MAPPING_SLOT = 1n;

const artifactSchema = z.object({
  contracts: z.record(
    z.string(),
    z.object({ bytecode: z.string().refine((s): s is Hex => isHex(s) && s.length > 2) }),
  ),
});

function bytecodeOf(name: "Store" | "Reverter" | "Token"): Hex {
  const bytecode = artifactSchema.parse(artifactsJson).contracts[name]?.bytecode;
  if (!bytecode)
    throw new Error(`devnet/contracts/artifacts.json has no ${name}: run devnet/contracts/build.ts`);
  return bytecode;
}

/** keccak256(pad32(key) . pad32(slot)): where a Solidity mapping keeps `key`'s value. */
export function mappingPosition(key: Address, slot: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [key, slot]));
}

/** A value as a 32-byte word, as eth_getStorageAt returns it. */
export const word = (value: bigint): Hex => numberToHex(value, { size: 32 });

// ---------------------------------------------------------------------------------------------
// Node answers (validated: JSON from the network is unknown until parsed)
// ---------------------------------------------------------------------------------------------

const hexString = z.string().refine((s): s is Hex => isHex(s));
const quantity = hexString.transform((s) => Number(BigInt(s)));
const blockSchema = z.object({
  number: quantity,
  hash: hexString,
  timestamp: quantity,
  gasUsed: hexString,
  baseFeePerGas: hexString,
  transactions: z.array(hexString),
});
const receiptSchema = z.object({
  transactionHash: hexString,
  transactionIndex: quantity,
  blockHash: hexString,
  blockNumber: quantity,
  from: hexString,
  to: hexString.nullable(),
  contractAddress: hexString.nullish(),
  gasUsed: hexString,
  status: z.enum(["0x0", "0x1"]),
  type: z.enum(["0x0", "0x1", "0x2"]),
  logs: z.array(z.object({ topics: z.array(hexString) })),
});
type Receipt = z.infer<typeof receiptSchema>;

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

/** A transaction of one of the three types, before the seed adds its chain id and nonce. */
type UnsignedTx =
  | Omit<TransactionSerializableLegacy, "nonce" | "chainId">
  | Omit<TransactionSerializableEIP2930, "nonce" | "chainId">
  | Omit<TransactionSerializableEIP1559, "nonce" | "chainId">;

interface PlannedTx {
  account: number;
  tx: UnsignedTx;
  /** Whether the receipt must say success. */
  expectSuccess: boolean;
}

interface MinedBlock {
  block: z.infer<typeof blockSchema>;
  receipts: Receipt[];
  description: string;
}

class Seeder {
  readonly rpc: AnvilRpc;
  readonly nonces = new Map<number, number>();
  readonly blocks: MinedBlock[] = [];
  private readonly signers = new Map<number, PrivateKeyAccount>();

  constructor(url: string) {
    this.rpc = anvilRpc(url);
  }

  private nextNonce(account: number): number {
    const n = this.nonces.get(account) ?? 0;
    this.nonces.set(account, n + 1);
    return n;
  }

  async sign(planned: PlannedTx): Promise<Hex> {
    let account = this.signers.get(planned.account);
    if (!account) {
      const dev = ANVIL_DEV_ACCOUNTS[planned.account];
      if (!dev) throw new Error(`No dev account ${planned.account}`);
      account = privateKeyToAccount(dev.privateKey);
      this.signers.set(planned.account, account);
    }
    return account.signTransaction({
      ...planned.tx,
      chainId: ANVIL_CHAIN_ID,
      nonce: this.nextNonce(planned.account),
    });
  }

  /** Mines one block holding exactly `planned`, in that order, at the block's fixed timestamp. */
  async mine(description: string, planned: PlannedTx[]): Promise<MinedBlock> {
    const number = this.blocks.length + 1;
    const raw: Hex[] = [];
    for (const p of planned) raw.push(await this.sign(p));
    const hashes = raw.map((r) => keccak256(r));

    await this.rpc.call("evm_setNextBlockTimestamp", [ANVIL_GENESIS_TIMESTAMP + number * BLOCK_INTERVAL]);
    const CHUNK = 250;
    for (let i = 0; i < raw.length; i += CHUNK) {
      const sent = await this.rpc.batch(
        raw.slice(i, i + CHUNK).map((r) => ["eth_sendRawTransaction", [r]] as const),
      );
      sent.forEach((h, j) => {
        if (h !== hashes[i + j]) throw new Error(`Anvil gave hash ${String(h)} for ${hashes[i + j]}`);
      });
    }
    await this.rpc.call("evm_mine", []);

    const [rawBlock, rawReceipts] = await this.rpc.batch([
      ["eth_getBlockByNumber", [toHex(number), false]],
      ["eth_getBlockReceipts", [toHex(number)]],
    ]);
    const block = blockSchema.parse(rawBlock);
    const receipts = z.array(receiptSchema).parse(rawReceipts);
    if (block.number !== number) throw new Error(`Mined block ${block.number}, expected ${number}`);
    if (block.transactions.join() !== hashes.join() || receipts.length !== hashes.length) {
      throw new Error(
        `Block ${number} holds ${block.transactions.length} transactions, expected the ${hashes.length} sent in order`,
      );
    }
    receipts.forEach((r, i) => {
      const ok = r.status === "0x1";
      if (ok !== planned[i]?.expectSuccess) {
        throw new Error(`Transaction ${r.transactionHash} (${description}) has status ${r.status}`);
      }
    });
    const mined = { block, receipts, description };
    this.blocks.push(mined);
    return mined;
  }
}

function describeTx(r: Receipt, description: string): SeededTransaction {
  return {
    description,
    hash: r.transactionHash,
    blockNumber: r.blockNumber,
    blockNumberHex: toHex(r.blockNumber),
    blockHash: r.blockHash,
    transactionIndex: r.transactionIndex,
    transactionIndexHex: toHex(r.transactionIndex),
    type: r.type,
    status: r.status,
    from: getAddress(r.from),
    to: r.to ? getAddress(r.to) : null,
    contractAddress: r.contractAddress ? getAddress(r.contractAddress) : null,
    gasUsed: r.gasUsed,
    logCount: r.logs.length,
  };
}

function receiptAt(block: MinedBlock, index: number): Receipt {
  const r = block.receipts[index];
  if (!r) throw new Error(`Block ${block.block.number} has no receipt ${index}`);
  return r;
}

// ---------------------------------------------------------------------------------------------
// What the seed sends, block by block
// ---------------------------------------------------------------------------------------------

/** Dev account indexes that sign the seed's transactions. */
const DEPLOYER = 0;
const ALICE = 1;

const ETHER_VALUE = parseEther("1.5");

/** The accounts the seed uses, and where its contracts land (CREATE addresses of the deployer). */
interface SeedAddresses {
  deployer: Address;
  alice: Address;
  bob: Address;
  /** The heavy block's batchTransfer recipients. */
  recipients: Address[];
  store: Address;
  reverter: Address;
  token: Address;
}

/** The blocks the seed mines, by what they hold (block 1 to 10, in that order). */
interface SeedBlocks {
  store: MinedBlock;
  reverter: MinedBlock;
  token: MinedBlock;
  storeValue: MinedBlock;
  mapping: MinedBlock;
  ether: MinedBlock;
  tokenTransfers: MinedBlock;
  transferFromAndFailed: MinedBlock;
  heavy: MinedBlock;
  latest: MinedBlock;
}

function seedAddresses(): SeedAddresses {
  const [deployerDev, aliceDev, bobDev, ...recipientDevs] = ANVIL_DEV_ACCOUNTS;
  if (!deployerDev || !aliceDev || !bobDev) throw new Error("Dev accounts missing");
  const deployer = deployerDev.address;
  const createAddress = (nonce: number) =>
    getContractAddress({ from: deployer, nonce: BigInt(nonce) }) as Address;
  return {
    deployer,
    alice: aliceDev.address,
    bob: bobDev.address,
    recipients: recipientDevs.slice(0, HEAVY_RECIPIENT_COUNT).map((a) => a.address),
    store: createAddress(0),
    reverter: createAddress(1),
    token: createAddress(2),
  };
}

/** An EIP-1559 call (or ether transfer) with the seed's fixed fees. */
function planCall(
  account: number,
  to: Address,
  data: Hex,
  gas: bigint,
  expectSuccess = true,
  value?: bigint,
): PlannedTx {
  return {
    account,
    tx: { type: "eip1559", to, data, gas, ...FEES_1559, ...(value === undefined ? {} : { value }) },
    expectSuccess,
  };
}

/** An EIP-1559 contract creation by the deployer. */
function planDeploy(data: Hex): PlannedTx {
  return {
    account: DEPLOYER,
    tx: { type: "eip1559", data, gas: 1_500_000n, ...FEES_1559 },
    expectSuccess: true,
  };
}

const setBalanceData = (who: Address, amount: bigint) =>
  encodeFunctionData({ abi: storeAbi, functionName: "setBalance", args: [who, amount] });
const tokenTransferData = (to: Address, value: bigint) =>
  encodeFunctionData({ abi: tokenAbi, functionName: "transfer", args: [to, value] });
const tokenApproveData = (spender: Address, value: bigint) =>
  encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [spender, value] });
const tokenTransferFromData = (from: Address, to: Address, value: bigint) =>
  encodeFunctionData({ abi: tokenAbi, functionName: "transferFrom", args: [from, to, value] });

/** The Store mapping's entries (slot 1), as block 5 writes them. */
function mappingValues(a: SeedAddresses): [Address, bigint][] {
  return [
    [a.deployer, 100n],
    [a.alice, 200n],
    [a.bob, 300n],
  ];
}

/** The access list of block 5's type 1 transaction: the deployer's mapping entry. */
function mappingAccessList(a: SeedAddresses): { address: Address; storageKeys: Hex[] }[] {
  return [{ address: a.store, storageKeys: [mappingPosition(a.deployer, MAPPING_SLOT)] }];
}

/** Refuses an Anvil that is not at block 0 with unused dev accounts, then turns automine off. */
async function requireFreshAnvil(s: Seeder): Promise<void> {
  const [chainIdHex, blockNumber, nonce] = await s.rpc.batch([
    ["eth_chainId", []],
    ["eth_blockNumber", []],
    ["eth_getTransactionCount", [ANVIL_DEV_ACCOUNTS[0]?.address, "latest"]],
  ]);
  if (chainIdHex !== toHex(ANVIL_CHAIN_ID)) throw new Error(`Anvil's chain id is ${String(chainIdHex)}`);
  if (blockNumber !== "0x0" || nonce !== "0x0") {
    throw new Error("seedChain needs a fresh Anvil (at block 0, dev accounts unused): start a new one");
  }
  await s.rpc.call("evm_setAutomine", [false]);
}

/** Blocks 1-3: Store, Reverter and Token, one creation each, at the addresses planned. */
async function deployContracts(
  s: Seeder,
  a: SeedAddresses,
): Promise<Pick<SeedBlocks, "store" | "reverter" | "token">> {
  const store = await s.mine("Store deployed (contract creation, type 2)", [
    planDeploy(
      encodeDeployData({ abi: storeAbi, bytecode: bytecodeOf("Store"), args: [STORE_INITIAL_VALUE] }),
    ),
  ]);
  const reverter = await s.mine("Reverter deployed", [planDeploy(bytecodeOf("Reverter"))]);
  const token = await s.mine(
    "Token deployed; its constructor mints the supply to the deployer (Transfer log)",
    [planDeploy(encodeDeployData({ abi: tokenAbi, bytecode: bytecodeOf("Token"), args: [TOKEN_SUPPLY] }))],
  );
  for (const [b, addr] of [
    [store, a.store],
    [reverter, a.reverter],
    [token, a.token],
  ] as const) {
    if (receiptAt(b, 0).contractAddress?.toLowerCase() !== addr.toLowerCase()) {
      throw new Error(`Contract created at ${receiptAt(b, 0).contractAddress}, expected ${addr}`);
    }
  }
  return { store, reverter, token };
}

/** Block 4: Store slot 0, with a legacy (type 0) transaction. */
function setStoreValue(s: Seeder, a: SeedAddresses): Promise<MinedBlock> {
  return s.mine("Store.setValue (legacy, type 0): storage slot 0", [
    {
      account: DEPLOYER,
      tx: {
        type: "legacy",
        to: a.store,
        data: encodeFunctionData({ abi: storeAbi, functionName: "setValue", args: [STORE_VALUE] }),
        gas: 100_000n,
        gasPrice: GAS_PRICE,
      },
      expectSuccess: true,
    },
  ]);
}

/** Block 5: the mapping at slot 1; the first of its transactions has an access list (type 1). */
function setMappingEntries(s: Seeder, a: SeedAddresses): Promise<MinedBlock> {
  const [first, ...rest] = mappingValues(a);
  if (!first) throw new Error("No mapping entries");
  return s.mine("Store.setBalance x3: mapping entries at slot 1 (types 1, 2, 2)", [
    {
      account: DEPLOYER,
      tx: {
        type: "eip2930",
        to: a.store,
        data: setBalanceData(...first),
        gas: 100_000n,
        gasPrice: GAS_PRICE,
        accessList: mappingAccessList(a),
      },
      expectSuccess: true,
    },
    ...rest.map(([who, amount]) => planCall(DEPLOYER, a.store, setBalanceData(who, amount), 100_000n)),
  ]);
}

/** Block 6: an ether transfer (EIP-1559, type 2). */
function sendEther(s: Seeder, a: SeedAddresses): Promise<MinedBlock> {
  return s.mine("1.5 ETH from the deployer to alice (EIP-1559, type 2)", [
    planCall(DEPLOYER, a.alice, "0x", 21_000n, true, ETHER_VALUE),
  ]);
}

/** Block 7: a token transfer and an approval (one Transfer log, one Approval log). */
function transferAndApproveTokens(s: Seeder, a: SeedAddresses): Promise<MinedBlock> {
  return s.mine("Token.transfer to alice (Transfer log) and Token.approve for alice (Approval log)", [
    planCall(DEPLOYER, a.token, tokenTransferData(a.alice, parseEther("1000")), 100_000n),
    planCall(DEPLOYER, a.token, tokenApproveData(a.alice, parseEther("500")), 100_000n),
  ]);
}

/** Block 8: a transferFrom and a failed transaction (status 0x0), both from alice. */
function transferFromAndFail(s: Seeder, a: SeedAddresses): Promise<MinedBlock> {
  return s.mine("Token.transferFrom by alice; a failed call (status 0x0)", [
    planCall(ALICE, a.token, tokenTransferFromData(a.deployer, a.bob, parseEther("250")), 100_000n),
    planCall(
      ALICE,
      a.reverter,
      encodeFunctionData({ abi: reverterAbi, functionName: "failWithReason" }),
      100_000n,
      false,
    ),
  ]);
}

/** Block 9: HEAVY_TX_COUNT batchTransfers of HEAVY_RECIPIENT_COUNT Transfer logs each. */
function mineHeavyBlock(s: Seeder, a: SeedAddresses): Promise<MinedBlock> {
  const batch = encodeFunctionData({
    abi: tokenAbi,
    functionName: "batchTransfer",
    args: [a.recipients, parseEther("1")],
  });
  return s.mine(
    `Heavy block: ${HEAVY_TX_COUNT} Token.batchTransfer calls, ${HEAVY_RECIPIENT_COUNT} Transfer logs each`,
    Array.from({ length: HEAVY_TX_COUNT }, () => planCall(DEPLOYER, a.token, batch, 250_000n)),
  );
}

/** Block 10: a light block after the heavy one, so that "latest" stays small. */
function mineLatestBlock(s: Seeder, a: SeedAddresses): Promise<MinedBlock> {
  return s.mine("Token.transfer from alice to bob (latest block)", [
    planCall(ALICE, a.token, tokenTransferData(a.bob, parseEther("10")), 100_000n),
  ]);
}

/** Checks that the chain holds the storage words the manifest states (cheap: a handful of reads). */
async function verifyStorage(s: Seeder, a: SeedAddresses): Promise<void> {
  const entries = mappingValues(a);
  const storageReads = await s.rpc.batch([
    ["eth_getStorageAt", [a.store, word(0n), "latest"]],
    ...entries.map(
      ([key]) => ["eth_getStorageAt", [a.store, mappingPosition(key, MAPPING_SLOT), "latest"]] as const,
    ),
  ]);
  const expectedWords = [word(STORE_VALUE), ...entries.map(([, v]) => word(v))];
  storageReads.forEach((w, i) => {
    if (w !== expectedWords[i])
      throw new Error(`Storage word ${i} is ${String(w)}, expected ${expectedWords[i]}`);
  });
}

/**
 * Deploys the contracts and sends the transactions through Anvil's own RPC (not the gateway).
 * Needs a fresh Anvil started by spawnAnvil (block 0, unused dev accounts). Deterministic: the
 * same hashes at every run.
 */
export async function seedChain(anvilUrl: string): Promise<SeedManifest> {
  const s = new Seeder(anvilUrl);
  await requireFreshAnvil(s);
  const a = seedAddresses();

  // The order is the chain: each step mines the next block(s), and the nonces follow.
  const contracts = await deployContracts(s, a);
  const storeValue = await setStoreValue(s, a);
  const mapping = await setMappingEntries(s, a);
  const ether = await sendEther(s, a);
  const tokenTransfers = await transferAndApproveTokens(s, a);
  const transferFromAndFailed = await transferFromAndFail(s, a);
  const heavy = await mineHeavyBlock(s, a);
  const latest = await mineLatestBlock(s, a);
  await s.rpc.call("evm_setAutomine", [true]);

  await verifyStorage(s, a);
  const [genesisRaw] = await s.rpc.batch([["eth_getBlockByNumber", ["0x0", false]]]);
  const genesis: MinedBlock = { block: blockSchema.parse(genesisRaw), receipts: [], description: "Genesis" };

  const blocks: SeedBlocks = {
    ...contracts,
    storeValue,
    mapping,
    ether,
    tokenTransfers,
    transferFromAndFailed,
    heavy,
    latest,
  };
  return buildManifest(a, blocks, [genesis, ...s.blocks]);
}

// ---------------------------------------------------------------------------------------------
// The manifest, section by section, from what the seed mined
// ---------------------------------------------------------------------------------------------

function buildManifest(a: SeedAddresses, b: SeedBlocks, allBlocks: MinedBlock[]): SeedManifest {
  return {
    manifestVersion: 1,
    chainId: ANVIL_CHAIN_ID,
    chainIdHex: toHex(ANVIL_CHAIN_ID),
    anvil: {
      hardfork: ANVIL_HARDFORK,
      blockGasLimit: ANVIL_BLOCK_GAS_LIMIT,
      genesisTimestamp: ANVIL_GENESIS_TIMESTAMP,
    },
    mnemonic: ANVIL_MNEMONIC,
    derivationPath: DERIVATION_PATH,
    accounts: manifestAccounts(),
    contracts: {
      store: seededContract("Store", b.store),
      reverter: seededContract("Reverter", b.reverter),
      token: seededContract("Token", b.token),
    },
    token: manifestToken(),
    storage: manifestStorage(a, b),
    reverts: manifestReverts(a),
    transactions: manifestTransactions(a, b),
    heavyBlock: manifestHeavyBlock(a, b.heavy),
    blocks: allBlocks.map(seededBlock),
    latestBlock: {
      number: b.latest.block.number,
      numberHex: toHex(b.latest.block.number),
      hash: b.latest.block.hash,
    },
  };
}

function seededAccount(index: number, role: string): SeededAccount {
  const dev = ANVIL_DEV_ACCOUNTS[index];
  if (!dev) throw new Error(`No dev account ${index}`);
  return { role, index, address: dev.address, privateKey: dev.privateKey };
}

function manifestAccounts(): SeedManifest["accounts"] {
  return {
    deployer: seededAccount(
      DEPLOYER,
      "deploys the contracts, holds the tokens, sends most transactions and the heavy block",
    ),
    alice: seededAccount(ALICE, "receives ether and tokens, approved spender, sends the failed transaction"),
    bob: seededAccount(2, "receives tokens through transferFrom; has a mapping entry"),
  };
}

function seededContract(name: SeededContract["name"], b: MinedBlock): SeededContract {
  const r = receiptAt(b, 0);
  if (!r.contractAddress) throw new Error(`${name}: no contract address`);
  return {
    name,
    source: `devnet/contracts/${name}.sol`,
    address: getAddress(r.contractAddress),
    deployTransaction: r.transactionHash,
    deployBlock: r.blockNumber,
  };
}

function manifestToken(): SeedManifest["token"] {
  return {
    name: "Devnet Token",
    symbol: "DVT",
    decimals: 18,
    totalSupply: TOKEN_SUPPLY.toString(),
    transferTopic: toEventSelector(getAbiItem({ abi: tokenAbi, name: "Transfer" })),
    approvalTopic: toEventSelector(getAbiItem({ abi: tokenAbi, name: "Approval" })),
  };
}

function storageEntry(key: Address, value: bigint): StorageEntry {
  return {
    key,
    position: mappingPosition(key, MAPPING_SLOT),
    value: word(value),
    decimal: value.toString(),
  };
}

function manifestStorage(a: SeedAddresses, b: SeedBlocks): SeedManifest["storage"] {
  return {
    contract: getAddress(a.store),
    slot0: {
      slot: word(0n),
      value: word(STORE_VALUE),
      decimal: STORE_VALUE.toString(),
      initialValue: word(STORE_INITIAL_VALUE),
      setInBlock: b.storeValue.block.number,
    },
    mapping: {
      slot: word(MAPPING_SLOT),
      setInBlock: b.mapping.block.number,
      entries: mappingValues(a).map(([k, v]) => storageEntry(k, v)),
      absent: storageEntry("0x000000000000000000000000000000000000dEaD", 0n),
    },
  };
}

/** eth_estimateGas calls to the Reverter that revert, with the ABI data each error encodes to. */
function manifestReverts(a: SeedAddresses): SeedManifest["reverts"] {
  const revertCall = (data: Hex): RevertCall => ({ from: a.deployer, to: a.reverter, data });
  const errorAbi = parseAbi(["error Error(string)", "error Panic(uint256)"]);
  const customSignature = formatAbiItem(getAbiItem({ abi: reverterAbi, name: "InsufficientBalance" }));
  const panic = (code: number) =>
    encodeErrorResult({ abi: errorAbi, errorName: "Panic", args: [BigInt(code)] });
  return {
    reason: {
      call: revertCall(encodeFunctionData({ abi: reverterAbi, functionName: "failWithReason" })),
      reason: REVERT_REASON,
      data: encodeErrorResult({ abi: errorAbi, errorName: "Error", args: [REVERT_REASON] }),
    },
    customError: {
      call: revertCall(encodeFunctionData({ abi: reverterAbi, functionName: "failWithCustomError" })),
      signature: customSignature,
      selector: toFunctionSelector(customSignature),
      args: ["7", "42"],
      data: encodeErrorResult({ abi: reverterAbi, errorName: "InsufficientBalance", args: [7n, 42n] }),
    },
    panicOverflow: {
      call: revertCall(
        encodeFunctionData({ abi: reverterAbi, functionName: "increment", args: [maxUint256] }),
      ),
      code: 0x11,
      codeHex: "0x11",
      meaning: "arithmetic underflow or overflow",
      data: panic(0x11),
    },
    panicDivisionByZero: {
      call: revertCall(encodeFunctionData({ abi: reverterAbi, functionName: "divide", args: [1n, 0n] })),
      code: 0x12,
      codeHex: "0x12",
      meaning: "division or modulo by zero",
      data: panic(0x12),
    },
  };
}

function manifestTransactions(a: SeedAddresses, b: SeedBlocks): SeedManifest["transactions"] {
  return {
    contractCreation: describeTx(receiptAt(b.store, 0), "Store deployed (constructor value 1)"),
    legacy: describeTx(receiptAt(b.storeValue, 0), "Store.setValue(0xc0ffee)"),
    accessList: {
      ...describeTx(receiptAt(b.mapping, 0), "Store.setBalance(deployer, 100) with an access list"),
      accessList: mappingAccessList(a).map((e) => ({
        address: getAddress(e.address),
        storageKeys: e.storageKeys,
      })),
    },
    eip1559: {
      ...describeTx(receiptAt(b.ether, 0), "1.5 ETH from the deployer to alice"),
      value: toHex(ETHER_VALUE),
    },
    failed: {
      ...describeTx(
        receiptAt(b.transferFromAndFailed, 1),
        "Reverter.failWithReason() mined with gas limit 100000: reverts",
      ),
      reason: REVERT_REASON,
    },
    tokenTransfer: describeTx(receiptAt(b.tokenTransfers, 0), "Token.transfer(alice, 1000 DVT)"),
    tokenApproval: describeTx(receiptAt(b.tokenTransfers, 1), "Token.approve(alice, 500 DVT)"),
    tokenTransferFrom: describeTx(
      receiptAt(b.transferFromAndFailed, 0),
      "Token.transferFrom(deployer, bob, 250 DVT) by alice",
    ),
  };
}

const countLogs = (b: MinedBlock) => b.receipts.reduce((n, r) => n + r.logs.length, 0);

function manifestHeavyBlock(a: SeedAddresses, heavy: MinedBlock): SeedManifest["heavyBlock"] {
  const first = heavy.receipts[0];
  const last = heavy.receipts[heavy.receipts.length - 1];
  if (!first || !last) throw new Error("Heavy block has no receipts");
  return {
    number: heavy.block.number,
    numberHex: toHex(heavy.block.number),
    hash: heavy.block.hash,
    transactionCount: heavy.block.transactions.length,
    logCount: countLogs(heavy),
    gasUsed: heavy.block.gasUsed,
    sender: a.deployer,
    recipients: a.recipients,
    firstTransactionHash: first.transactionHash,
    lastTransactionHash: last.transactionHash,
  };
}

function seededBlock(b: MinedBlock): SeededBlock {
  return {
    number: b.block.number,
    numberHex: toHex(b.block.number),
    hash: b.block.hash,
    timestamp: b.block.timestamp,
    transactionCount: b.block.transactions.length,
    logCount: countLogs(b),
    gasUsed: b.block.gasUsed,
    baseFeePerGas: b.block.baseFeePerGas,
    description: b.description,
  };
}
