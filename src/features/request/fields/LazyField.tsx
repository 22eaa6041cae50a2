import { Suspense } from "react";
import { ErrorBoundary } from "../../../components/ui/ErrorBoundary.tsx";
import { type Preloadable, preloadable } from "../../../components/ui/preloadable.tsx";
import { type FieldComponent, type FieldProps, ParamTitle } from "./FieldChrome.tsx";

/**
 * A param's field whose code is a chunk of its own: until it is there, the param's title and a
 * line in its place (the value lives in the store: nothing typed elsewhere is lost, and the field
 * shows it once loaded). Each field has its own Suspense, so the rest of the form stays as it is.
 */
export function lazyField(
  load: () => Promise<FieldComponent>,
): FieldComponent & Pick<Preloadable<FieldProps>, "preload"> {
  const field = preloadable<FieldProps>(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per kind at module level (param-fields.ts), never per render
  const Field = (props: FieldProps) => (
    // A chunk that cannot load (offline) fails this field only ("Try again" loads it again).
    <ErrorBoundary what={`the ${props.param.label} field`}>
      <Suspense fallback={<FieldLoading {...props} />}>
        <field.Component {...props} />
      </Suspense>
    </ErrorBoundary>
  );
  return Object.assign(Field, { preload: field.preload });
}

function FieldLoading({ param }: FieldProps) {
  return (
    <div className="flex flex-col gap-1 rounded border border-border p-2" data-testid="field-loading">
      <span className="text-sm font-medium">
        <ParamTitle param={param} />
      </span>
      <p className="text-xs text-fg-muted">Loading the field…</p>
    </div>
  );
}
