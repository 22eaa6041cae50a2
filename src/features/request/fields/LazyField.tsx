import { Suspense } from "react";
import type { LoadOnce } from "../../../chain/load-once.ts";
import { ErrorBoundary } from "../../../components/ui/ErrorBoundary.tsx";
import { useArrived, useLoaded } from "../../../components/ui/preloadable.tsx";
import { useSteadyUnderPress } from "../../../components/ui/useSteadyUnderPress.ts";
import { type FieldComponent, type FieldProps, ParamTitle } from "./FieldChrome.tsx";

/** A field made by `lazyField`: its chunk, shared with the other fields it holds, can be waited for. */
export type LazyFieldComponent = FieldComponent & { readonly chunk: LoadOnce<unknown> };

/**
 * A param's field whose code is in a chunk of its own (`chunk`, one load shared by the fields it
 * holds, each taking its own with `pick`): until it is there, the param's title and a line in its
 * place (the value lives in the store: nothing typed elsewhere is lost, and the field shows it once
 * loaded). Each field has its own boundary, so the rest of the form stays as it is.
 *
 * The field is drawn in the render that hears its code arrive, not as a Suspense boundary's
 * content: React holds back a boundary's reveal until 300 ms after its fallback was drawn, so a
 * chunk in before a press on Send was drawn during it, and the form, grown by up to 300 px, moved
 * Send from under the pointer: released elsewhere, the press made no click (CI, a network switched
 * to Starknet and Send pressed). Code that arrives while a pointer is pressed waits for the release
 * and its click (`useSteadyUnderPress`, the page's press watch).
 */
export function lazyField<M>(chunk: LoadOnce<M>, pick: (chunk: M) => FieldComponent): LazyFieldComponent {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per kind at module level (param-fields.ts), never per render
  const Field = (props: FieldProps) => {
    const arrived = useArrived(chunk);
    const drawn = useSteadyUnderPress(arrived);
    const loaded = chunk.current();
    const Loaded = loaded !== undefined && drawn ? pick(loaded) : undefined;
    // A chunk that cannot load (offline) fails this field only ("Try again" loads it again). Once
    // it is in, every field of it that had failed shows (a method has up to three of one chunk).
    return (
      <ErrorBoundary what={`the ${props.param.label} field`} resetKey={arrived}>
        {Loaded ? (
          <Loaded {...props} />
        ) : arrived ? (
          <FieldLoading {...props} />
        ) : (
          <Suspense fallback={<FieldLoading {...props} />}>
            <Load chunk={chunk} />
          </Suspense>
        )}
      </ErrorBoundary>
    );
  };
  return Object.assign(Field, { chunk });
}

/**
 * Loads `chunk`, suspending until it is in; its failure goes to the field's error boundary. Draws
 * nothing: the field, hearing the chunk arrive, draws itself in its place.
 */
function Load({ chunk }: { chunk: LoadOnce<unknown> }) {
  useLoaded(chunk);
  return null;
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
