/**
 * BNB Smart Chain (Parlia): each block ends with system transactions from the validator to the
 * system contracts (0x…1000 and up) at gas price zero, which pay out the block's fees. Native
 * coin BNB. Source: bsc's Parlia consensus (consensus/parlia, core/systemcontracts).
 */
import { quantityOrNull } from "../quantity.ts";
import type { ChainFamily, TxTypeSpec } from "./types.ts";

/** The system contracts live at 0x0000…1000 to 0x0000…3fff. */
const SYSTEM_CONTRACT = /^0x0{36}[1-3][0-9a-f]{3}$/i;

const BSC_SYSTEM_TX: TxTypeSpec = {
  code: null,
  name: "system (Parlia)",
  description:
    "A system transaction of the validator to a BSC system contract (fee distribution, slashing), at gas price zero.",
};

export const bsc: ChainFamily = {
  id: "bsc",
  name: "BNB Smart Chain",
  txTypes: [],
  // A transaction's gas price, or a receipt's effective one (receipts carry no gasPrice).
  classify: (tx) =>
    typeof tx.to === "string" &&
    SYSTEM_CONTRACT.test(tx.to) &&
    quantityOrNull(tx.gasPrice ?? tx.effectiveGasPrice) === 0n
      ? BSC_SYSTEM_TX
      : null,
  blockFields: {
    milliTimestamp: { label: "Timestamp (ms)", unit: "quantity", hint: "The block's time in milliseconds" },
  },
  txFields: {},
  receiptFields: {},
};
