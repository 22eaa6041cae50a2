import type { ReactNode } from "react";

/** The look of a field's label above it: small and muted. */
export const labelClass = { sm: "text-sm text-fg-muted", xs: "text-xs text-fg-muted" } as const;

/**
 * A field stacked under its label, with an optional hint and error under it. The control is the
 * caller's (`TextInput`, `TextArea`, a select), with `id={htmlFor}`; `errorId` is what the control's
 * `aria-describedby` names.
 */
export function FormField(props: {
  label: ReactNode;
  htmlFor: string;
  children: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  errorId?: string;
  /** An error that appears as the user types is announced (`role="alert"`) when asked. */
  errorRole?: "alert";
  labelSize?: "sm" | "xs";
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-1${props.className ? ` ${props.className}` : ""}`}>
      <label htmlFor={props.htmlFor} className={labelClass[props.labelSize ?? "sm"]}>
        {props.label}
      </label>
      {props.children}
      {props.hint && <p className="text-xs text-fg-muted">{props.hint}</p>}
      {props.error && (
        <p id={props.errorId} role={props.errorRole} className="text-xs text-bad">
          {props.error}
        </p>
      )}
    </div>
  );
}
