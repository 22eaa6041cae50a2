import { useQuery } from "@tanstack/react-query";
import { type Connection, chainHeadQueryOptions } from "./view-queries.ts";

/**
 * The chain's head for the network an answer came from, when `wanted` (undefined until it is known,
 * or when the node does not say): a view asks only when it shows a block that may be the head.
 */
export function useChainHead(conn: Connection, wanted: boolean): bigint | undefined {
  return useQuery({ ...chainHeadQueryOptions(conn), enabled: wanted }).data;
}
