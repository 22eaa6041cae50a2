import type { ComponentType } from "react";
import type { ResultKind } from "../../../methods/types.ts";
import { BlockView } from "./BlockView.tsx";
import { GasEstimateView } from "./GasEstimateView.tsx";
import { ProofView } from "./ProofView.tsx";
import { ReceiptsView } from "./ReceiptsView.tsx";
import type { ResultViewProps } from "./registry.ts";
import { StarknetBlockView } from "./StarknetBlockView.tsx";
import { StorageView } from "./StorageView.tsx";
import { TransactionView } from "./TransactionView.tsx";
import { UncleView } from "./UncleView.tsx";

/**
 * One structured view per result kind (methods/*.ts name each method's kind). This module is the
 * views' own chunk: registry.ts loads it when an answer needs a view (or in idle time before), so
 * the first screen carries none of the views, their decoders, viem's ABI decoding or the proof code.
 */
export const VIEWS = {
  block: BlockView,
  uncle: UncleView,
  transaction: TransactionView,
  receipts: ReceiptsView,
  proof: ProofView,
  storageWord: StorageView,
  gasEstimate: GasEstimateView,
  starknetBlock: StarknetBlockView,
} satisfies Record<ResultKind, ComponentType<ResultViewProps>>;
