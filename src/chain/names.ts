/**
 * Names for what the chain holds: a transaction's calldata, a log and a custom error decoded with
 * the user's ABI for the contract first, then with the bundled table (`signatures.ts`), and ERC-20
 * amounts written with the token's decimals and symbol when the contract is a known token. Every
 * function decodes one item when asked (a view calls it per visible row) and never throws: what
 * does not decode gives null and is shown raw, as before. Pure.
 */
import type { Abi, AbiEvent, AbiFunction, AbiParameter, Hex } from "viem";
import {
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  formatUnits,
  size,
  slice,
  toEventSelector,
  toFunctionSelector,
} from "viem/utils";
import { isHexData } from "./hexdata.ts";
import { formatDecimal } from "./quantity.ts";
import {
  type AbiError,
  bundledTable,
  errorSelector,
  SIGNATURE_GROUPS,
  type SignatureEntry,
  shapeKey,
} from "./signatures.ts";

/** A token the app knows on the current network. */
interface TokenInfo {
  symbol: string;
  decimals: number;
}

/** What decoding may look up: the user's ABI for an address, and the known tokens. */
export interface NameContext {
  /** The ABI the user pasted for this contract, or undefined. */
  userAbi?: ((address: string) => Abi | undefined) | undefined;
  /** The known token at this address on the current network, or undefined. */
  token?: ((address: string) => TokenInfo | undefined) | undefined;
}

/** One decoded argument. */
export interface NamedArg {
  /** The parameter's name, or `arg0`, `arg1`… when the ABI has none. */
  name: string;
  type: string;
  indexed: boolean;
  /** The value as text: checksummed address, decimal integer, quoted string, hex… (clipped). */
  text: string;
  /** An ERC-20 amount of a known token: `"1,500.25 USDC"` and the raw integer. */
  amount: { text: string; raw: string } | null;
}

/** A call, log or error with its name. */
export interface Named {
  kind: "function" | "event" | "error";
  name: string;
  /** `"transfer(address to, uint256 value)"`. */
  signature: string;
  /** `"your ABI"`, or the bundled groups: `"ERC-20 / ERC-721"`. */
  source: string;
  /** Where the bundled entry comes from (`"viem erc20Abi (EIP-20)"`), or the user's ABI. */
  sourceDetail: string;
  fromUser: boolean;
  args: NamedArg[];
}

const TEXT_LIMIT = 400;
const LIST_LIMIT = 20;

/** A decoded ABI value as text: addresses as given (checksummed by viem), integers grouped. */
export function valueText(value: unknown): string {
  const text = valueTextRaw(value, 0);
  return text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text;
}

function valueTextRaw(value: unknown, depth: number): string {
  if (typeof value === "bigint") return formatDecimal(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return value.startsWith("0x") ? value : JSON.stringify(value);
  if (depth > 4) return "…";
  if (Array.isArray(value)) {
    const items = value.slice(0, LIST_LIMIT).map((v) => valueTextRaw(v, depth + 1));
    if (value.length > LIST_LIMIT) items.push(`… ${value.length - LIST_LIMIT} more`);
    return `[${items.join(", ")}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${k}: ${valueTextRaw(v, depth + 1)}`);
    return `{${entries.join(", ")}}`;
  }
  return String(value);
}

/** `1500250000n`, 6, `"USDC"` → `"1,500.25 USDC"` (exact, every decimal kept). */
export function formatTokenAmount(value: bigint, token: TokenInfo): string {
  const [whole = "0", fraction] = formatUnits(value, token.decimals).split(".");
  const negative = whole.startsWith("-");
  const grouped = formatDecimal(BigInt(negative ? whole.slice(1) : whole));
  return `${negative ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""} ${token.symbol}`;
}

/** Which argument is a token amount, for the ERC-20 (and WETH9) calls and events of that shape. */
const AMOUNT_ARG: ReadonlyMap<string, number> = new Map([
  ["function transfer(address,uint256)", 1],
  ["function approve(address,uint256)", 1],
  ["function transferFrom(address,address,uint256)", 2],
  ["function withdraw(uint256)", 0],
  ["event Transfer(address indexed,address indexed,uint256)", 2],
  ["event Approval(address indexed,address indexed,uint256)", 2],
  ["event Deposit(address indexed,uint256)", 1],
  ["event Withdrawal(address indexed,uint256)", 1],
]);

/** An input of a function, event or error, read alike. */
type Input = { name?: string | undefined; type: string; indexed?: boolean | undefined };
const inputsOf = (item: AbiFunction | AbiEvent | AbiError): readonly Input[] => item.inputs;

function paramSignature(item: AbiFunction | AbiEvent | AbiError): string {
  const params = inputsOf(item).map((p) =>
    [p.type, p.indexed ? "indexed" : "", p.name ?? ""].filter((s) => s !== "").join(" "),
  );
  return `${item.name}(${params.join(", ")})`;
}

const GROUP_SOURCE = new Map(SIGNATURE_GROUPS.map((g) => [g.label, g.source]));

function named(
  item: AbiFunction | AbiEvent | AbiError,
  values: readonly unknown[],
  origin: { user: boolean; groups?: readonly string[] },
  contract: string | null,
  ctx: NameContext,
): Named {
  const token = contract ? ctx.token?.(contract) : undefined;
  const amountAt = token ? AMOUNT_ARG.get(shapeKey(item)) : undefined;
  const args = inputsOf(item).map((p, i): NamedArg => {
    const value = values[i];
    return {
      name: p.name || `arg${i}`,
      type: p.type,
      indexed: p.indexed === true,
      text: valueText(value),
      amount:
        token && amountAt === i && typeof value === "bigint"
          ? { text: formatTokenAmount(value, token), raw: value.toString() }
          : null,
    };
  });
  const groups = origin.groups ?? [];
  return {
    kind: item.type,
    name: item.name,
    signature: paramSignature(item),
    source: origin.user ? "your ABI" : groups.join(" / "),
    sourceDetail: origin.user
      ? "the ABI you added for this address"
      : groups.map((g) => GROUP_SOURCE.get(g) ?? g).join("; "),
    fromUser: origin.user,
    args,
  };
}

/** Positional values from viem's `args`: an array, or an object keyed by the inputs' names. */
function positional(item: { inputs: readonly AbiParameter[] }, args: unknown): unknown[] {
  if (Array.isArray(args)) return args;
  if (typeof args !== "object" || args === null) return [];
  const record = args as Record<string, unknown>;
  return item.inputs.map((p, i) => record[p.name ?? ""] ?? record[i]);
}

function userAbiFor(contract: string | null, ctx: NameContext): Abi | undefined {
  if (!contract) return undefined;
  try {
    return ctx.userAbi?.(contract);
  } catch {
    return undefined;
  }
}

/** Names a transaction's calldata (`input`) sent to `to`; null for a plain transfer or an unknown selector. */
export function nameCall(input: unknown, to: string | null, ctx: NameContext = {}): Named | null {
  if (!isHexData(input) || size(input) < 4) return null;
  const user = userAbiFor(to, ctx);
  if (user) {
    try {
      const d = decodeFunctionData({ abi: user, data: input });
      const item = user.find(
        (i): i is AbiFunction =>
          i.type === "function" && i.name === d.functionName && toFunctionSelector(i) === slice(input, 0, 4),
      );
      if (item) return named(item, positional(item, d.args), { user: true }, to, ctx);
    } catch {
      // Not in the user's ABI, or it does not decode: the bundled table may know it.
    }
  }
  for (const entry of bundledTable().functions.get(slice(input, 0, 4)) ?? []) {
    try {
      const d = decodeFunctionData({ abi: [entry.item], data: input });
      return named(
        entry.item,
        positional(entry.item, d.args),
        { user: false, groups: entry.groups },
        to,
        ctx,
      );
    } catch {
      // The next candidate.
    }
  }
  return null;
}

function decodeLogWith(item: AbiEvent, topics: Hex[], data: Hex): unknown[] | null {
  try {
    const d = decodeEventLog({ abi: [item], topics: topics as [Hex, ...Hex[]], data, strict: true });
    return positional(item, d.args);
  } catch {
    return null;
  }
}

/** Names a log emitted by `address`; null when neither the user's ABI nor the table decodes it. */
export function nameLog(
  topics: readonly unknown[],
  data: unknown,
  address: string | null,
  ctx: NameContext = {},
): Named | null {
  const [topic0] = topics;
  if (topic0 === undefined || !topics.every(isHexData) || !isHexData(data)) return null;
  const hexTopics = topics as Hex[];
  const user = userAbiFor(address, ctx);
  if (user) {
    for (const item of user) {
      if (item.type !== "event" || item.anonymous) continue;
      let selector: Hex;
      try {
        selector = toEventSelector(item);
      } catch {
        continue;
      }
      if (selector !== topic0) continue;
      const values = decodeLogWith(item, hexTopics, data);
      if (values) return named(item, values, { user: true }, address, ctx);
    }
  }
  const candidates: SignatureEntry<AbiEvent>[] = bundledTable().events.get(topic0 as Hex) ?? [];
  for (const entry of candidates) {
    const values = decodeLogWith(entry.item, hexTopics, data);
    if (values) return named(entry.item, values, { user: false, groups: entry.groups }, address, ctx);
  }
  return null;
}

/**
 * Names a custom error's revert data (a contract at `address` reverted with it); null for
 * `Error(string)`/`Panic(uint256)` (revert.ts reads those) and for unknown selectors.
 */
export function nameError(data: unknown, address: string | null, ctx: NameContext = {}): Named | null {
  if (!isHexData(data) || size(data) < 4) return null;
  const selector = slice(data, 0, 4);
  const user = userAbiFor(address, ctx);
  if (user) {
    const errors = user.filter((i): i is AbiError => i.type === "error");
    try {
      const d = decodeErrorResult({ abi: errors, data });
      const item = errors.find((i) => i.name === d.errorName && errorSelector(i) === selector);
      if (item) return named(item, positional(item, d.args), { user: true }, address, ctx);
    } catch {
      // Not in the user's ABI: the bundled table may know it.
    }
  }
  for (const entry of bundledTable().errors.get(selector) ?? []) {
    try {
      const d = decodeErrorResult({ abi: [entry.item], data });
      return named(
        entry.item,
        positional(entry.item, d.args),
        { user: false, groups: entry.groups },
        address,
        ctx,
      );
    } catch {
      // The next candidate.
    }
  }
  return null;
}
