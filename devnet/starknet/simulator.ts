import {
  isRecord,
  isWriteMethod,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  methodNotFoundError,
  RPC_CODES,
  type RpcBackend,
  rpcError,
  rpcResult,
  writeRefusedError,
} from "../gateway/json-rpc.ts";
import {
  FELT_PRIME,
  generateStarknetChain,
  type StarknetChain,
  type StarknetPendingBlock,
  type StarknetSealedBlock,
} from "./blocks.ts";

/** The Starknet JSON-RPC version the simulated node reports (`starknet_specVersion`). */
export const STARKNET_SPEC_VERSION = "0.8.1";

const FELT = /^0x[0-9a-fA-F]{1,64}$/;

/** Starknet nodes answer bad params with -32602 "Invalid params" and the reason in `data`. */
const invalidParams = (id: JsonRpcId, reason: string) =>
  rpcError(id, RPC_CODES.invalidParams, "Invalid params", { reason });

/**
 * Spec 0.9's pre-confirmed block: the pending block as a 0.9+ node answers for `pre_confirmed`,
 * with the number it will have and no status, hash, parent hash or root.
 */
type StarknetPreConfirmedBlock = Omit<StarknetPendingBlock, "status" | "parent_hash"> & {
  block_number: number;
};

type BlockLookup =
  | { ok: true; block: StarknetSealedBlock | StarknetPendingBlock | StarknetPreConfirmedBlock | undefined }
  | { ok: false; reason: string };

const BLOCK_ID_HELP =
  'block_id must be "latest", "pending", "pre_confirmed", "l1_accepted", {"block_number": <integer>} or {"block_hash": "<felt>"}';

function preConfirmed(chain: StarknetChain): StarknetPreConfirmedBlock {
  const { status: _status, parent_hash: _parent, ...rest } = chain.pending;
  return { block_number: chain.latest.block_number + 1, ...rest };
}

/** Resolves a `block_id`; `block: undefined` means well-formed but unknown (error 24). */
export function resolveBlockId(chain: StarknetChain, blockId: unknown): BlockLookup {
  if (blockId === "latest") return { ok: true, block: chain.latest };
  if (blockId === "pending") return { ok: true, block: chain.pending };
  // Spec 0.9's tags: the block being built, and the newest block accepted on L1.
  if (blockId === "pre_confirmed") return { ok: true, block: preConfirmed(chain) };
  if (blockId === "l1_accepted")
    return { ok: true, block: chain.blocks.findLast((b) => b.status === "ACCEPTED_ON_L1") };
  if (!isRecord(blockId)) return { ok: false, reason: BLOCK_ID_HELP };
  const keys = Object.keys(blockId);
  if (keys.length !== 1) return { ok: false, reason: `${BLOCK_ID_HELP} (exactly one member)` };
  if ("block_number" in blockId) {
    const n = blockId.block_number;
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) {
      return { ok: false, reason: "block_number must be a non-negative integer" };
    }
    return { ok: true, block: chain.blocks[n] };
  }
  if ("block_hash" in blockId) {
    const h = blockId.block_hash;
    if (typeof h !== "string" || !FELT.test(h) || BigInt(h) >= FELT_PRIME) {
      return {
        ok: false,
        reason: "block_hash must be a felt: 0x followed by hex digits, below the field prime",
      };
    }
    return { ok: true, block: chain.byHash(BigInt(h)) };
  }
  return { ok: false, reason: BLOCK_ID_HELP };
}

/** Takes params as the object `{"block_id": ...}` or, as real nodes also accept, `[block_id]`. */
function blockIdParam(params: unknown): { ok: true; blockId: unknown } | { ok: false; reason: string } {
  if (Array.isArray(params)) {
    if (params.length !== 1) return { ok: false, reason: "expected one param, block_id" };
    return { ok: true, blockId: params[0] };
  }
  if (isRecord(params)) {
    const extra = Object.keys(params).filter((k) => k !== "block_id");
    if (extra.length > 0)
      return { ok: false, reason: `unexpected member ${extra[0]}; expected only block_id` };
    if (!("block_id" in params)) return { ok: false, reason: "missing block_id" };
    return { ok: true, blockId: params.block_id };
  }
  return { ok: false, reason: 'params must be {"block_id": ...}' };
}

const noParams = (params: unknown) =>
  params === undefined ||
  (Array.isArray(params) && params.length === 0) ||
  (isRecord(params) && Object.keys(params).length === 0);

/** A simulated Starknet node: four read methods over the generated chain. */
export function createStarknetSimulator(chain: StarknetChain = generateStarknetChain()): RpcBackend {
  const answer = (request: JsonRpcRequest): JsonRpcResponse => {
    const { id, method, params } = request;
    switch (method) {
      case "starknet_getBlockWithTxHashes": {
        const param = blockIdParam(params);
        if (!param.ok) return invalidParams(id, param.reason);
        const found = resolveBlockId(chain, param.blockId);
        if (!found.ok) return invalidParams(id, found.reason);
        if (!found.block) return rpcError(id, RPC_CODES.starknetBlockNotFound, "Block not found");
        return rpcResult(id, found.block);
      }
      case "starknet_chainId":
        return noParams(params) ? rpcResult(id, chain.chainId) : invalidParams(id, "takes no params");
      case "starknet_blockNumber":
        return noParams(params)
          ? rpcResult(id, chain.latest.block_number)
          : invalidParams(id, "takes no params");
      case "starknet_specVersion":
        return noParams(params) ? rpcResult(id, STARKNET_SPEC_VERSION) : invalidParams(id, "takes no params");
      default:
        return isWriteMethod(method) ? writeRefusedError(id, method) : methodNotFoundError(id, method);
    }
  };
  return { handle: async (request) => answer(request) };
}
