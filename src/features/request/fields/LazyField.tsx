import { Suspense } from "react";
import type { LoadOnce } from "../../../chain/load-once.ts";
import { sharePresses } from "../../../chain/press-watch.ts";
import { ErrorBoundary } from "../../../components/ui/ErrorBoundary.tsx";
import { type Preloadable, preloadable, useArrived } from "../../../components/ui/preloadable.tsx";
import { type FieldComponent, type FieldProps, ParamTitle } from "./FieldChrome.tsx";

/** A field made by `lazyField`: its chunk, shared with the other fields it holds, can be waited for. */
export type LazyFieldComponent = FieldComponent &
  Pick<Preloadable<FieldProps>, "preload"> & { readonly chunk: LoadOnce<unknown> };

/**
 * A param's field whose code is in a chunk of its own (`chunk`, one load shared by the fields it
 * holds, each taking its own with `pick`): until it is there, the param's title and a line in its
 * place (the value lives in the store: nothing typed elsewhere is lost, and the field shows it once
 * loaded). Each field has its own Suspense, so the rest of the form stays as it is.
 */
export function lazyField<M>(chunk: LoadOnce<M>, pick: (chunk: M) => FieldComponent): LazyFieldComponent {
  const field = preloadable<FieldProps>(() => chunk.get().then(pick).then(afterPress));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per kind at module level (param-fields.ts), never per render
  const Field = (props: FieldProps) => {
    // A chunk that cannot load (offline) fails this field only ("Try again" loads it again). Once
    // it is in, every field of it that had failed shows (a method has up to three of one chunk).
    const arrived = useArrived(chunk);
    return (
      <ErrorBoundary what={`the ${props.param.label} field`} resetKey={arrived}>
        <Suspense fallback={<FieldLoading {...props} />}>
          <field.Component {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  };
  return Object.assign(Field, { preload: field.preload, chunk });
}

/**
 * `value` at once, or, while a pointer is pressed, after its release (its click first): a field
 * drawn in place of its placeholder grows the form by up to 300 px and moves Send, and a press on
 * Send released elsewhere makes no click (chain/press-watch.ts; a method picked, then Send pressed
 * as the fields' code came, lost the send on CI).
 */
function afterPress<T>(value: T): T | Promise<T> {
  const presses = sharePresses();
  if (!presses.pressed()) {
    presses.stop();
    return value;
  }
  return new Promise((resolve) =>
    presses.whenReleased(() => {
      presses.stop();
      resolve(value);
    }),
  );
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
