/**
 * What a view needs to know of the network an answer came from: its chain family (types, extra
 * fields, fees: `families/`), its native coin, and its block explorer. Built from the catalog's
 * data by `networks/chain-info.ts`; pure.
 */
import { formatUnits } from "viem/utils";
import { ethereum } from "./families/ethereum.ts";
import type { ChainFamily } from "./families/types.ts";

/** A network's native coin. */
export interface NativeCurrency {
  /** `"ETH"`, `"POL"`, `"BNB"`. */
  symbol: string;
  /** Digits of its smallest unit: 18 on every EVM chain of the catalog. */
  decimals: number;
}

/** A block explorer; paths are appended to `url` with the id in place of `{}`. */
export interface Explorer {
  name: string;
  url: string;
  /** Default `/block/{}`, `/tx/{}`, `/address/{}` (Etherscan's and Blockscout's). */
  block?: string | undefined;
  tx?: string | undefined;
  address?: string | undefined;
}

/** Everything chain-specific a view model reads. */
export interface ChainProfile {
  family: ChainFamily;
  /** Null when the network is not known (a custom network without a chain id): "native coin". */
  currency: NativeCurrency | null;
  explorer: Explorer | null;
}

export const ETH: NativeCurrency = { symbol: "ETH", decimals: 18 };

/** Ethereum with ETH: what a model uses when it is told nothing else (tests, the devnet). */
export const ETHEREUM_PROFILE: ChainProfile = { family: ethereum, currency: ETH, explorer: null };

/**
 * An amount in the coin's smallest unit, as people read it: `"1.5 POL"`; `"1.5 (native coin)"`
 * when the coin is not known (18 decimals assumed, as on every EVM chain).
 */
export function formatNative(amount: bigint, currency: NativeCurrency | null): string {
  return currency === null
    ? `${formatUnits(amount, 18)} (native coin)`
    : `${formatUnits(amount, currency.decimals)} ${currency.symbol}`;
}

/** The exact amount in whole coins, no symbol: `"1.5"`. */
export function nativeAmount(amount: bigint, currency: NativeCurrency | null): string {
  return formatUnits(amount, currency?.decimals ?? 18);
}

const DEFAULT_PATHS = { block: "/block/{}", tx: "/tx/{}", address: "/address/{}" } as const;

/** The explorer's page for a block (number or hash), a transaction or an address. */
export function explorerUrl(explorer: Explorer, what: "block" | "tx" | "address", id: string): string {
  const path = explorer[what] ?? DEFAULT_PATHS[what];
  return `${explorer.url.replace(/\/+$/, "")}${path.replace("{}", encodeURIComponent(id))}`;
}
