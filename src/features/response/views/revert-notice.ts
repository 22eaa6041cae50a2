/**
 * What the error notice adds to a JSON-RPC error: the decoded revert of a code-3 error (the
 * `Error(string)` reason, the `Panic(uint256)` code and its meaning, or a custom error named by the
 * user's ABI for the called contract or the bundled table, else its selector and raw argument
 * words) and the numbers src/chain/revert.ts reads out of node errors.
 */

import { ETH, type NativeCurrency } from "../../../chain/chain-profile.ts";
import { isRecord } from "../../../chain/field.ts";
import { type NameContext, nameError } from "../../../chain/names.ts";
import { formatDecimal } from "../../../chain/quantity.ts";
import { describeNodeError, type RevertReason } from "../../../chain/revert.ts";

/** One labelled line of the decoded error. */
export interface RevertLine {
  label: string;
  value: string;
  /** Hex: shown in monospace. */
  mono?: boolean;
}

/** The decoded parts of an error, beyond what the notice already shows. */
interface RevertNoticeModel {
  /** The decoded revert payload, when the error is a revert. */
  revert: { kind: RevertReason["kind"]; lines: RevertLine[] } | null;
  /** Have / want, allowance, block…: numbers read out of the message. */
  facts: RevertLine[];
}

/** Splits ABI-encoded arguments into 32-byte words (the last one may be short). */
export function abiWords(args: string): string[] {
  const digits = args.startsWith("0x") ? args.slice(2) : args;
  const words: string[] = [];
  for (let i = 0; i < digits.length; i += 64) words.push(`0x${digits.slice(i, i + 64)}`);
  return words;
}

/** Where a custom error may get its name: the called contract and what decoding looks up. */
interface ErrorNames {
  names: NameContext;
  /** The contract the call went to (`to` of the eth_estimateGas call), or null. */
  address: string | null;
}

/** The contract a request called: `to` of its first param, when it is an object (eth_estimateGas). */
export function calledAddress(params: unknown): string | null {
  const first = Array.isArray(params) ? params[0] : undefined;
  return isRecord(first) && typeof first.to === "string" ? first.to : null;
}

function revertLines(r: RevertReason, names?: ErrorNames): RevertLine[] {
  switch (r.kind) {
    case "error":
      return [
        { label: "Reason", value: r.message },
        { label: "Kind", value: 'Error(string): require(…) or revert("…")' },
      ];
    case "panic":
      return [
        { label: "Kind", value: "Panic(uint256): a failed assert or a checked operation" },
        { label: "Panic code", value: `0x${r.code.toString(16).padStart(2, "0")} (${r.code})`, mono: true },
        { label: "Meaning", value: r.meaning },
      ];
    case "custom": {
      const named = names ? nameError(`${r.selector}${r.args.slice(2)}`, names.address, names.names) : null;
      if (named)
        return [
          { label: "Kind", value: `custom error ${named.signature}` },
          { label: "Named by", value: `${named.source} (${named.sourceDetail})` },
          { label: "Selector", value: r.selector, mono: true },
          ...named.args.map((a) => ({
            label: a.name,
            value: a.amount ? `${a.amount.text} (${a.amount.raw})` : a.text,
            mono: a.type === "address" || a.type.startsWith("bytes"),
          })),
        ];
      return [
        { label: "Kind", value: "custom error (its ABI is not known here: shown raw)" },
        { label: "Selector", value: r.selector, mono: true },
        ...abiWords(r.args).map((w, i) => ({
          label: `Argument word ${i + 1}`,
          value: w.length === 66 ? `${w} (as uint256: ${formatDecimal(BigInt(w))})` : w,
          mono: true,
        })),
        ...(r.args === "0x" ? [{ label: "Arguments", value: "none" }] : []),
      ];
    }
    case "empty":
      return [{ label: "Reason", value: "none: the contract reverted without revert data" }];
    case "invalid":
      return [{ label: "Revert data", value: r.text }];
  }
}

/** Decodes what the notice adds for an error answered on an EVM network. */
export function revertNoticeModel(
  error: unknown,
  names?: ErrorNames,
  currency: NativeCurrency | null = ETH,
): RevertNoticeModel {
  const d = describeNodeError(error, currency);
  return {
    revert: d.revert ? { kind: d.revert.kind, lines: revertLines(d.revert, names) } : null,
    facts: d.facts.map((f) => ({ label: f.label, value: f.value })),
  };
}
