import { BlockBody } from "./BlockBody.tsx";
import type { ResultViewProps } from "./registry.ts";

/** `eth_getBlockByHash` / `eth_getBlockByNumber`: header fields, uncles, withdrawals, transactions. */
export function BlockView({ sent }: ResultViewProps) {
  return <BlockBody sent={sent} kind="block" />;
}
