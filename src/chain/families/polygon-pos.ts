/**
 * Polygon PoS (Bor): the state-sync transaction that ends a sprint's last block carries deposits
 * from Ethereum; it has no type of its own, no sender and no signature (all zero). Its native
 * coin is POL. Source: Bor's state-sync design (docs.polygon.technology, "State sync").
 */
import type { ChainFamily, TxTypeSpec } from "./types.ts";

const ZERO_ADDRESS = /^0x0{40}$/i;

const POLYGON_STATE_SYNC: TxTypeSpec = {
  code: null,
  name: "state sync (Bor)",
  description:
    "Bor's system transaction at the end of a sprint: it applies the state-sync events (bridge deposits) from Ethereum. No sender, no signature, no gas.",
  absent: ["v", "r", "s", "yParity", "accessList", "chainId"],
};

export const polygonPos: ChainFamily = {
  id: "polygon-pos",
  name: "Polygon PoS",
  txTypes: [],
  classify: (tx) =>
    typeof tx.from === "string" &&
    ZERO_ADDRESS.test(tx.from) &&
    typeof tx.to === "string" &&
    ZERO_ADDRESS.test(tx.to)
      ? POLYGON_STATE_SYNC
      : null,
  blockFields: {},
  txFields: {},
  receiptFields: {},
};
