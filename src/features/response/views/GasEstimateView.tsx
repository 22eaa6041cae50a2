import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { formatDecimal } from "../../../chain/quantity.ts";
import { formatGweiText } from "../../../components/ui/format.ts";
import { InfoList, InfoRow } from "../../../components/ui/InfoRow.tsx";
import { toErrorDisplay } from "../../../rpc/display.ts";
import { DecodeError } from "./DecodeProblems.tsx";
import {
  decodeGasEstimate,
  GAS_ESTIMATE_CAVEAT,
  type GasCost,
  gasCost,
  overridesNote,
  requestedGasLimit,
  requestedPrices,
} from "./gas-estimate.ts";
import type { ResultViewProps } from "./registry.ts";
import { SectionHeading } from "./SectionHeading.tsx";
import { useChainProfile } from "./useChainProfile.ts";
import { blockHeaderQueryOptions } from "./view-queries.ts";

/** `eth_estimateGas`: the gas in decimal, and what it costs at the current base fee. */
export function GasEstimateView({ sent }: ResultViewProps) {
  const result = sent.answer.kind === "result" ? sent.answer.result : null;
  const estimate = useMemo(() => decodeGasEstimate(result), [result]);
  const { network, apiKey, transport, timeoutMs } = sent;
  const { currency } = useChainProfile(network);
  const latest = useQuery({
    ...blockHeaderQueryOptions({ network, apiKey, transport, timeoutMs }, "latest"),
    enabled: estimate.ok,
  });
  if (!estimate.ok) return <DecodeError error={estimate.error} />;
  const { gas } = estimate.value;
  const limit = requestedGasLimit(sent.body.params);
  const requested = requestedPrices(sent.body.params).map((p) => gasCost(gas, p, currency));
  const baseFee = latest.data?.baseFeePerGas ?? null;
  const overrides = overridesNote(sent.body.params);

  return (
    <section aria-label="Gas estimate" className="grid gap-3 text-sm">
      <h3 className="font-semibold text-base">Gas estimate</h3>
      {overrides && (
        <p role="note" className="rounded border border-warn/40 bg-warn-bg p-2 text-warn text-xs">
          {overrides}
        </p>
      )}
      <InfoList columns="grid-cols-[minmax(8rem,max-content)_1fr] gap-x-4 gap-y-1">
        <InfoRow label="Estimated gas" valueClassName="">
          <span className="font-semibold text-base tabular-nums">{estimate.value.decimal}</span>{" "}
          <span className="font-mono text-fg-muted text-xs">{estimate.value.hex}</span>
        </InfoRow>
        {limit !== null && (
          <InfoRow label="Gas limit given" valueClassName="tabular-nums">
            {formatDecimal(limit)}
          </InfoRow>
        )}
      </InfoList>

      <section aria-label="Cost" className="grid gap-1">
        <SectionHeading>Cost</SectionHeading>
        {latest.isPending && <p className="text-fg-muted">Fetching the latest block's base fee…</p>}
        {latest.isError && (
          <p className="text-bad">
            Could not fetch the latest block's base fee: {toErrorDisplay(latest.error).title}
          </p>
        )}
        {latest.data && baseFee === null && (
          <p className="text-fg-muted">The latest block has no base fee (a chain without EIP-1559).</p>
        )}
        {latest.data && baseFee !== null && (
          <CostLine
            cost={gasCost(gas, { label: "at the current base fee", perGas: baseFee }, currency)}
            source={`base fee ${formatGweiText(baseFee)} of the latest block${
              latest.data.number === null ? "" : ` (${formatDecimal(latest.data.number)})`
            }; a transaction also pays a priority fee`}
          />
        )}
        {requested.map((c) => (
          <CostLine key={c.label} cost={c} source={c.perGas} />
        ))}
      </section>

      <p className="rounded border border-warn/40 bg-warn-bg p-2 text-warn text-xs">{GAS_ESTIMATE_CAVEAT}</p>
    </section>
  );
}

function CostLine({ cost, source }: { cost: GasCost; source: string }) {
  return (
    <p>
      <span className="text-fg-muted">Cost {cost.label}: </span>
      <span className="font-medium tabular-nums">{cost.ether}</span>{" "}
      <span className="text-fg-muted tabular-nums">({cost.gwei})</span>
      <span className="block text-fg-muted text-xs">{source}</span>
    </p>
  );
}
