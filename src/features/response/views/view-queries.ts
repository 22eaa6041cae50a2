/**
 * What the views read for themselves (not the user's request): a block header by number or tag,
 * the block a receipts check compares against.
 * A query, named after the RPC method; its key holds the network and the params, never the key.
 */
import { queryOptions } from "@tanstack/react-query";
import { BLOCK_TAGS } from "../../../methods/types.ts";
import { RpcClientError } from "../../../rpc/errors.ts";
import { internalRequest } from "../../../send/internal-request.ts";
import { type SendVariables, type SentRequest, sendOnce } from "../../../send/useSendRequest.ts";
import { type BlockHeader, parseBlockHeader } from "./block-header.ts";
import type { ReceiptsBlock } from "./receipts-model.ts";

/** Where and how the user's request went: the app's own requests go the same way. */
export type Connection = Pick<SentRequest, "network" | "apiKey" | "transport" | "timeoutMs">;

/** `eth_getBlockByNumber [block, false]` read as a {@link BlockHeader}. */
export function blockHeaderQueryOptions(conn: Connection, block: string) {
  const { network, apiKey, transport, timeoutMs } = conn;
  return queryOptions({
    queryKey: ["eth_getBlockByNumber", network.id, network.base_url, [block, false]] as const,
    queryFn: async ({ signal }): Promise<BlockHeader> => {
      const body = internalRequest("eth_getBlockByNumber", [block, false]);
      const answer = await sendOnce({ network, apiKey, transport, timeoutMs, body }, signal);
      if (answer.kind === "error") {
        throw new RpcClientError(`eth_getBlockByNumber answered error ${answer.error.code}`, {
          details: answer.error.message,
        });
      }
      const header = parseBlockHeader(answer.result);
      if (!header.ok) throw new RpcClientError(`Block ${block}: ${header.error}`);
      return header.value;
    },
    // A numbered block never changes; a tag names a moving block.
    staleTime: (BLOCK_TAGS as readonly string[]).includes(block) ? 0 : Number.POSITIVE_INFINITY,
  });
}

/** Query options of the block a check needs, keyed by network, transport and block (never the key). */
export function blockForCheckQuery(sent: SentRequest, check: ReceiptsBlock["check"]) {
  return queryOptions({
    queryKey: [
      check?.method ?? "eth_getBlockByNumber",
      sent.network.id,
      sent.network.base_url,
      sent.transport,
      check?.params[0] ?? null,
    ],
    queryFn: ({ signal }) => {
      if (check === null) throw new Error("The receipts do not say which block they belong to.");
      const vars: SendVariables = {
        network: sent.network,
        apiKey: sent.apiKey,
        transport: sent.transport,
        timeoutMs: sent.timeoutMs,
        body: internalRequest(check.method, check.params),
      };
      return sendOnce(vars, signal);
    },
    staleTime: 60_000,
  });
}

/** The chain's head: `eth_blockNumber` (a hex quantity) or `starknet_blockNumber` (a JSON integer). */
export function chainHeadQueryOptions(conn: Connection) {
  const { network, apiKey, transport, timeoutMs } = conn;
  const method = network.kind === "starknet" ? "starknet_blockNumber" : "eth_blockNumber";
  return queryOptions({
    queryKey: [method, network.id, network.base_url] as const,
    queryFn: async ({ signal }): Promise<bigint> => {
      const body = internalRequest(method, []);
      const answer = await sendOnce({ network, apiKey, transport, timeoutMs, body }, signal);
      if (answer.kind === "error")
        throw new RpcClientError(`${method} answered error ${answer.error.code}`, {
          details: answer.error.message,
        });
      return headOf(answer.result);
    },
    staleTime: 5_000,
    retry: false,
  });
}

/** A head number as nodes write it: a hex quantity (EVM) or a non-negative integer (Starknet). */
export function headOf(result: unknown): bigint {
  if (typeof result === "number" && Number.isSafeInteger(result) && result >= 0) return BigInt(result);
  if (typeof result === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(result)) return BigInt(result);
  throw new RpcClientError(`The chain's head is not a block number: ${JSON.stringify(result)?.slice(0, 40)}`);
}

/**
 * The block number a request asks for by number (not by tag or hash), or null: eth_getBlockByNumber,
 * eth_getBlockReceipts, eth_getUncleByBlockNumberAndIndex, and Starknet's `{block_id: {block_number}}`.
 */
export function requestedBlockNumber(method: string, params: unknown): bigint | null {
  if (method === "starknet_getBlockWithTxHashes") {
    const id = (params as { block_id?: { block_number?: unknown } } | null)?.block_id;
    const n = typeof id === "object" && id !== null ? id.block_number : undefined;
    return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? BigInt(n) : null;
  }
  if (!["eth_getBlockByNumber", "eth_getBlockReceipts", "eth_getUncleByBlockNumberAndIndex"].includes(method))
    return null;
  const first = Array.isArray(params) ? params[0] : undefined;
  if (typeof first !== "string") return null;
  if (/^0x[0-9a-fA-F]{1,64}$/.test(first)) return BigInt(first);
  return /^(0|[1-9][0-9]{0,30})$/.test(first) ? BigInt(first) : null;
}
