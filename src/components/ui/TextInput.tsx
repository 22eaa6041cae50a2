import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from "react";

/** The look of a field (a text field, a select); `aria-invalid` draws its border in the error colour. */
export const fieldClass = "rounded border border-border bg-surface px-2 py-1 text-sm aria-invalid:border-bad";
const smallFieldClass = "rounded border border-border bg-surface px-2 py-1 text-xs aria-invalid:border-bad";

const classes = (mono: boolean, small: boolean, className: string | undefined) =>
  `${small ? smallFieldClass : fieldClass}${mono ? " font-mono" : ""}${className ? ` ${className}` : ""}`;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "className"> & {
  /** For hex, addresses, JSON: monospace. */
  mono?: boolean;
  /** Extra-small text (a long link to read, not to type). */
  small?: boolean;
  /** Width and layout only (`w-28`, `flex-1`). */
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A one-line field (text, number, URL). Its label is the caller's (see {@link FormField}). */
export function TextInput({ mono = false, small = false, className, ...rest }: InputProps) {
  return <input className={classes(mono, small, className)} {...rest} />;
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className"> & {
  mono?: boolean;
  className?: string;
};

/** A field of several lines. */
export function TextArea({ mono = false, className, ...rest }: AreaProps) {
  return <textarea className={classes(mono, false, className)} {...rest} />;
}
