import { BlockBody } from "./BlockBody.tsx";
import type { ResultViewProps } from "./registry.ts";

/** `eth_getUncleByBlockNumberAndIndex`: the block view without transactions. */
export function UncleView({ sent }: ResultViewProps) {
  return <BlockBody sent={sent} kind="uncle" />;
}
