import { useEffect, useState } from "react";
import { type ExamplesState, examplesNote } from "./examples-note.ts";

const TONE = { info: "text-fg-muted", busy: "text-fg-muted", bad: "text-bad" } as const;

/** Beside the form: where its examples came from (and how long ago), or why they could not be read. */
export function ExamplesNote({ state }: { state: ExamplesState }) {
  const [now, setNow] = useState(() => Date.now());
  const ready = state.status === "ready";
  // "asked just now" grows older while it is shown.
  useEffect(() => {
    if (!ready) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [ready]);
  const note = examplesNote(state, ready ? Math.max(now, state.askedAt) : now);
  return (
    <p role="status" data-testid="examples-note" className={note ? `text-xs ${TONE[note.tone]}` : "sr-only"}>
      {note?.text}
    </p>
  );
}
