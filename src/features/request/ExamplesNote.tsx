import { useEffect, useState } from "react";
import { type ExamplesState, examplesNote, type ReasonOf } from "./examples-note.ts";

const TONE = { info: "text-fg-muted", busy: "text-fg-muted", bad: "text-bad" } as const;

/** Beside the form: where its examples came from (and how long ago), or why they could not be read. */
export function ExamplesNote({ state }: { state: ExamplesState }) {
  const [now, setNow] = useState(() => Date.now());
  const ready = state.status === "ready";
  const reasonOf = useReasonOf(state.status === "error");
  // "asked just now" grows older while it is shown.
  useEffect(() => {
    if (!ready) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [ready]);
  const note = examplesNote(state, ready ? Math.max(now, state.askedAt) : now, reasonOf);
  return (
    <p role="status" data-testid="examples-note" className={note ? `text-xs ${TONE[note.tone]}` : "sr-only"}>
      {note?.text}
    </p>
  );
}

let loadedReasonOf: ReasonOf | undefined;
let loadingReasonOf: Promise<ReasonOf> | undefined;

/**
 * The failure's explainer (examples-reason.ts), loaded when a sample first fails; until then the
 * note stays empty (one status element throughout, so the reason is announced once).
 */
function useReasonOf(needed: boolean): ReasonOf | undefined {
  const [reasonOf, setReasonOf] = useState(() => loadedReasonOf);
  useEffect(() => {
    if (!needed || reasonOf) return;
    let live = true;
    loadingReasonOf ??= import("./examples-reason.ts").then(
      (m) => {
        loadedReasonOf = m.reasonOf;
        return m.reasonOf;
      },
      (e: unknown) => {
        loadingReasonOf = undefined;
        throw e;
      },
    );
    loadingReasonOf.then(
      (f) => live && setReasonOf(() => f),
      () => {
        // The chunk did not load: the note stays empty; the next failure tries again.
      },
    );
    return () => {
      live = false;
    };
  }, [needed, reasonOf]);
  return reasonOf;
}
