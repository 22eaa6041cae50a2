import { memo, useId } from "react";
import { Counted } from "../../components/ui/Counted.tsx";
import { FormField } from "../../components/ui/FormField.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { TextInput } from "../../components/ui/TextInput.tsx";
import { methodsForChain } from "../../methods/registry.ts";
import type { MethodDef } from "../../methods/types.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import type { BodyShape } from "./useRequestDraft.ts";

type Heading = {
  chain: "evm" | "starknet";
  methodName: string;
  /** The method's definition when the form shows it (its summary goes under the heading). */
  def: MethodDef | undefined;
  shape: BodyShape;
};

/** The picker's value for an option that stands for the body itself (a batch, a method without a form). */
const BODY_OPTION = "(body)";

/** The body's shape as the heading shows it: equal shapes do not re-render the heading. */
const shapeLabel = (shape: BodyShape) =>
  shape.kind === "batch" ? `b${shape.count}` : shape.kind === "unknown" ? `u${shape.method}` : shape.kind;

const sameHeading = (a: Heading, b: Heading) =>
  a.chain === b.chain &&
  a.methodName === b.methodName &&
  a.def === b.def &&
  shapeLabel(a.shape) === shapeLabel(b.shape);

/** What the body is when it is no method of this chain's list: a batch, a method without a form, another chain's. */
function bodyOption({ shape, def, chain }: Heading): { value: string; label: string } | undefined {
  if (shape.kind === "batch")
    return { value: BODY_OPTION, label: `Batch (${shape.count} request${shape.count === 1 ? "" : "s"})` };
  if (shape.kind === "unknown") return { value: BODY_OPTION, label: `${shape.method} (no form)` };
  if (def && def.chain !== chain)
    return {
      value: BODY_OPTION,
      label: `${def.name} (${def.chain === "starknet" ? "Starknet" : "EVM"} method)`,
    };
  return undefined;
}

const Summary = ({ def }: { def: MethodDef | undefined }) =>
  def ? <p className="text-sm text-fg-muted">{def.summary}</p> : undefined;

/**
 * The playground's heading: the method picker (which follows the body: a batch, or a method outside
 * this chain's list, is an option of its own) and the timeout; the method's summary under it.
 */
export const MethodPicker = memo(
  (props: Heading & { onSelect(name: string): void }) => (
    <Counted id="RequestHeading">
      <PickerRow
        chain={props.chain}
        methodName={props.methodName}
        own={bodyOption(props)}
        onSelect={props.onSelect}
      />
      <Summary def={props.def} />
    </Counted>
  ),
  (a, b) => sameHeading(a, b) && a.onSelect === b.onSelect,
);

/** An embed's heading: its one method (or what the body is), named; the method's summary under it. */
export const MethodTitle = memo(
  (props: Heading) => (
    <Counted id="RequestHeading">
      <div>
        <h1 className="font-mono text-sm font-semibold">{bodyOption(props)?.label ?? props.methodName}</h1>
        <Summary def={props.def} />
      </div>
    </Counted>
  ),
  sameHeading,
);

/** The playground's method picker and request timeout. */
function PickerRow(props: {
  chain: "evm" | "starknet";
  methodName: string;
  own: { value: string; label: string } | undefined;
  onSelect(name: string): void;
}) {
  const timeoutMs = useAppStore((s) => s.timeoutMs);
  const setTimeoutMs = useAppStore((s) => s.settingsActions.setTimeoutMs);
  const maxAnswerMiB = useAppStore((s) => s.maxAnswerMiB);
  const setMaxAnswerMiB = useAppStore((s) => s.settingsActions.setMaxAnswerMiB);
  return (
    <div className="flex flex-wrap items-end gap-3">
      {/* The longest name (eth_getTransactionByBlockHashAndIndex) is wider than a 360 px screen's row. */}
      <div className="min-w-0 max-w-full">
        <Select
          label="Method"
          mono
          className="max-w-full"
          value={props.own?.value ?? props.methodName}
          onChange={(name) => name !== BODY_OPTION && props.onSelect(name)}
        >
          {props.own && <option value={props.own.value}>{props.own.label}</option>}
          {methodsForChain(props.chain).map((m) => (
            <option key={m.name} value={m.name}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
      <NumberSetting
        label="Timeout (seconds)"
        max={600}
        value={Math.round(timeoutMs / 1000)}
        onValue={(n) => setTimeoutMs(n * 1000)}
      />
      {/* Answers over the limit are not read into the page; they can be downloaded instead. */}
      <NumberSetting label="Answer limit (MiB)" max={1024} value={maxAnswerMiB} onValue={setMaxAnswerMiB} />
    </div>
  );
}

/** A setting of a whole positive number (1 to `max`); what is not one is left as it was. */
function NumberSetting(props: { label: string; max: number; value: number; onValue(n: number): void }) {
  const id = useId();
  return (
    <FormField label={props.label} htmlFor={id}>
      <TextInput
        id={id}
        type="number"
        min={1}
        max={props.max}
        className="w-20"
        value={props.value}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (Number.isFinite(n) && n > 0) props.onValue(n);
        }}
      />
    </FormField>
  );
}
