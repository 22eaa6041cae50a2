/**
 * View model of an `eth_estimateGas` answer: the gas in decimal and hex, and what that much gas
 * costs at the current base fee and at the prices the request itself gave.
 */
import { ETH, formatNative, type NativeCurrency } from "../../../chain/chain-profile.ts";
import { isRecord } from "../../../chain/field.ts";
import {
  fail,
  formatDecimal,
  formatGweiText,
  ok,
  type Parsed,
  parseQuantity,
  quantityOrNull,
} from "../../../chain/quantity.ts";

/** The spec's caveat, shown beside every estimate. */
export const GAS_ESTIMATE_CAVEAT =
  "The estimate may be considerably higher than the gas the transaction actually uses.";

/** The estimate as decimal and hex. */
interface GasEstimate {
  gas: bigint;
  /** `"21,000"`. */
  decimal: string;
  /** `"0x5208"`, as answered. */
  hex: string;
}

/** Reads the `eth_estimateGas` result, a hex quantity. */
export function decodeGasEstimate(result: unknown): Parsed<GasEstimate> {
  const parsed = parseQuantity(result, { allowLeadingZeros: true });
  if (!parsed.ok || typeof result !== "string") return fail(parsed.ok ? "not a string" : parsed.error);
  return ok({ gas: parsed.value, decimal: formatDecimal(parsed.value), hex: result });
}

/** A price per gas to price the estimate at. */
interface GasPrice {
  /** `"current base fee"`, `"maxFeePerGas of the request"`… */
  label: string;
  perGas: bigint;
}

/** What `gas` costs at one price: in the native coin and gwei, and the price itself. */
export interface GasCost {
  label: string;
  wei: bigint;
  /** In the network's native coin: `"0.0021 POL"`. */
  ether: string;
  gwei: string;
  /** `"0.322383154 gwei per gas"`. */
  perGas: string;
}

/** gas × price, shown in the native coin and gwei (exact, bigint arithmetic). */
export function gasCost(gas: bigint, price: GasPrice, currency: NativeCurrency | null = ETH): GasCost {
  const wei = gas * price.perGas;
  return {
    label: price.label,
    wei,
    ether: formatNative(wei, currency),
    gwei: formatGweiText(wei),
    perGas: `${formatGweiText(price.perGas)} per gas`,
  };
}

/**
 * The prices the request's call object gave (`maxFeePerGas`: the most a transaction would pay per
 * gas; `gasPrice`: a legacy price), each a price to show the cost at.
 */
export function requestedPrices(params: unknown): GasPrice[] {
  const call = Array.isArray(params) && isRecord(params[0]) ? params[0] : {};
  const prices: GasPrice[] = [];
  const maxFee = quantityOrNull(call.maxFeePerGas);
  if (maxFee !== null) prices.push({ label: "at most, at the request's maxFeePerGas", perGas: maxFee });
  const gasPrice = quantityOrNull(call.gasPrice);
  if (gasPrice !== null) prices.push({ label: "at the request's gasPrice", perGas: gasPrice });
  return prices;
}

/** The request's own `gas` limit, when it gave one: the estimate never exceeds it. */
export function requestedGasLimit(params: unknown): bigint | null {
  const call = Array.isArray(params) && isRecord(params[0]) ? params[0] : {};
  return quantityOrNull(call.gas);
}

/**
 * What the request changed before estimating, said in a sentence, or null when nothing: state
 * overrides (param 3, by address) and a block override (param 4), beyond the spec. The figure
 * is then not what the chain would charge as it is.
 */
export function overridesNote(params: unknown): string | null {
  if (!Array.isArray(params)) return null;
  const state = params[2];
  const block = params[3];
  const accounts = isRecord(state) ? Object.keys(state).length : 0;
  const blockFields = isRecord(block) ? Object.keys(block) : [];
  const parts: string[] = [];
  if (accounts > 0)
    parts.push(`state overrides for ${formatDecimal(BigInt(accounts))} address${accounts === 1 ? "" : "es"}`);
  if (blockFields.length > 0) {
    const shown = blockFields.slice(0, 4).join(", ");
    parts.push(`a block override (${shown}${blockFields.length > 4 ? ", …" : ""})`);
  }
  if (parts.length === 0) return null;
  return `Estimated with ${parts.join(" and ")}: the figure is for the changed state, not what the chain would charge as it is.`;
}
