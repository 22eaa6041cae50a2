import type { ButtonHTMLAttributes, Ref } from "react";

/**
 * - `primary`: the main action of a panel (Send, Run, Verify), filled with the accent.
 * - `secondary`: a bordered button for the other actions (Copy, Export, Close, Cancel).
 * - `danger`: a bordered button that destroys something (Delete all).
 * - `link`, `link-danger`: text that acts (Edit, Delete in a list).
 */
type ButtonVariant = "primary" | "secondary" | "danger" | "link" | "link-danger";
/** `md` beside form fields, `sm` in toolbars and rows, `xs` inline beside a value. */
export type ButtonSize = "md" | "sm" | "xs";

const BASE: Record<ButtonVariant, string> = {
  primary: "rounded bg-accent font-medium text-accent-fg disabled:opacity-50",
  secondary:
    "rounded border border-border hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50",
  danger: "rounded border border-bad text-bad hover:bg-surface-muted disabled:opacity-50",
  link: "text-link hover:underline disabled:opacity-50",
  "link-danger": "text-bad hover:underline disabled:opacity-50",
};

const SIZES: Record<ButtonVariant, Record<ButtonSize, string>> = {
  primary: { md: "px-4 py-1.5", sm: "px-3 py-1", xs: "px-2 py-0.5 text-xs" },
  secondary: { md: "px-2 py-1 text-sm", sm: "px-2 py-0.5 text-xs", xs: "px-1 py-0 text-[10px]" },
  danger: { md: "px-2 py-1 text-sm", sm: "px-2 py-0.5 text-xs", xs: "px-1 py-0 text-[10px]" },
  link: { md: "text-sm", sm: "", xs: "text-xs" },
  "link-danger": { md: "text-sm", sm: "", xs: "text-xs" },
};

/** The classes of a button, for an element that must look like one (a file input's label). */
export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "sm"): string {
  return `${BASE[variant]} ${SIZES[variant][size]}`.trim();
}

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A form's submit button; every other button is `type="button"`. */
  submit?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/** The app's button. `className` adds layout (margins, alignment), not a new look. */
export function Button({ variant = "secondary", size = "sm", submit = false, className, ...rest }: Props) {
  return (
    <button
      type={submit ? "submit" : "button"}
      className={`${buttonClass(variant, size)}${className ? ` ${className}` : ""}`}
      {...rest}
    />
  );
}
