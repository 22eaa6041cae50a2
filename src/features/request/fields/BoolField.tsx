import { useId } from "react";
import { FieldError, type FieldProps, Help, Label } from "./FieldChrome.tsx";

/** A flag, as a checkbox. */
export function BoolField({ param: p, value: raw, onChange, errors }: FieldProps) {
  const value = raw === true;
  const error = errors[p.name];
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={value}
          aria-describedby={`${id}-help`}
          onChange={(e) => onChange(e.target.checked)}
        />
        <Label htmlFor={id} param={p} />
      </div>
      <FieldError id={`${id}-err`} message={error} />
      <Help id={`${id}-help`} text={p.description} />
    </div>
  );
}
