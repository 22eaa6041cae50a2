/**
 * Every chain family, by id. Adding a family: its file beside this one and a line here (the
 * `satisfies` says when one is missing); a network names its family in `networks/catalog.json`.
 */
import { arbitrum } from "./arbitrum.ts";
import { avalanche } from "./avalanche.ts";
import { bsc } from "./bsc.ts";
import { celo } from "./celo.ts";
import { ethereum } from "./ethereum.ts";
import { linea } from "./linea.ts";
import { opStack } from "./op-stack.ts";
import { polygonPos } from "./polygon-pos.ts";
import { scroll } from "./scroll.ts";
import { starknet } from "./starknet.ts";
import type { ChainFamily, FamilyId } from "./types.ts";
import { zksync } from "./zksync.ts";

export const FAMILIES = {
  ethereum,
  "op-stack": opStack,
  arbitrum,
  zksync,
  "polygon-pos": polygonPos,
  bsc,
  avalanche,
  celo,
  linea,
  scroll,
  starknet,
} as const satisfies Record<FamilyId, ChainFamily>;

/** The family of an id; Ethereum's for an id nobody knows. */
export function familyOf(id: string | undefined): ChainFamily {
  return id !== undefined && Object.hasOwn(FAMILIES, id) ? FAMILIES[id as FamilyId] : ethereum;
}
