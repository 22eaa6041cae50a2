import type { ComponentType } from "react";
import type { ResultKind } from "../../../methods/types.ts";
import type { SentRequest } from "../../../send/useSendRequest.ts";
import { BlockView } from "./BlockView.tsx";
import { GasEstimateView } from "./GasEstimateView.tsx";
import { ProofView } from "./ProofView.tsx";
import { ReceiptsView } from "./ReceiptsView.tsx";
import { StarknetBlockView } from "./StarknetBlockView.tsx";
import { StorageView } from "./StorageView.tsx";
import { TransactionView } from "./TransactionView.tsx";
import { UncleView } from "./UncleView.tsx";

/** A view gets the whole exchange: the request (method, params, network) and its answer. */
export type ResultViewProps = { sent: SentRequest };

/** One structured view per result kind (methods/*.ts name each method's kind). */
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

export function resultViewFor(kind: ResultKind): ComponentType<ResultViewProps> {
  return VIEWS[kind];
}
