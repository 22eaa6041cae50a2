import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { FormField, labelClass } from "./FormField.tsx";
import { fieldClass } from "./TextInput.tsx";

type Props = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "onChange" | "value" | "className" | "children"
> & {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  /** The `<option>`s (and `<optgroup>`s). */
  children: ReactNode;
  /** `stack`: the label above (a form); `inline`: label and select side by side in the caller's row. */
  layout?: "stack" | "inline";
  labelSize?: "sm" | "xs";
  mono?: boolean;
  /** Width only (`max-w-72`). */
  className?: string;
};

/** A labelled `<select>`: the label names it (`htmlFor`), whichever the layout. */
export function Select({
  label,
  value,
  onChange,
  children,
  layout = "stack",
  labelSize = "sm",
  mono = false,
  className,
  id: givenId,
  ...rest
}: Props) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const select = (
    <select
      id={id}
      className={`${fieldClass}${mono ? " font-mono" : ""}${className ? ` ${className}` : ""}`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
    >
      {children}
    </select>
  );
  if (layout === "stack") {
    return (
      <FormField label={label} htmlFor={id} labelSize={labelSize}>
        {select}
      </FormField>
    );
  }
  return (
    <>
      <label htmlFor={id} className={labelClass[labelSize]}>
        {label}
      </label>
      {select}
    </>
  );
}
