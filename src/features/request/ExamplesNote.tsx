import { useEffect, useState } from "react";
import { loadOnce } from "../../chain/load-once.ts";
import { useLoadedWhen } from "../../components/ui/preloadable.tsx";
import { useSteadyUnderPress } from "../../components/ui/useSteadyUnderPress.ts";
import {
  type ExamplesNote as ExamplesNoteText,
  type ExamplesState,
  examplesNote,
  type ReasonOf,
} from "./examples-note.ts";

const TONE = { info: "text-fg-muted", busy: "text-fg-muted", bad: "text-bad" } as const;

/** Beside the form: where its examples came from (and how long ago), or why they could not be read. */
export function ExamplesNote({ state }: { state: ExamplesState }) {
  const [now, setNow] = useState(() => Date.now());
  const ready = state.status === "ready";
  const reasonOf = useLoadedWhen(reasonOfCode, state.status === "error");
  // "asked just now" grows older while it is shown.
  useEffect(() => {
    if (!ready) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [ready]);
  // Above the form and Send: a note that changes its lines (a network answering) waits for a
  // press's click, so Send does not move under it.
  const note = useSteadyUnderPress(
    examplesNote(state, ready ? Math.max(now, state.askedAt) : now, reasonOf),
    sameNote,
  );
  return (
    <p role="status" data-testid="examples-note" className={note ? `text-xs ${TONE[note.tone]}` : "sr-only"}>
      {note?.text}
    </p>
  );
}

const sameNote = (a: ExamplesNoteText | null, b: ExamplesNoteText | null) =>
  a?.text === b?.text && a?.tone === b?.tone;

/**
 * The failure's explainer (examples-reason.ts), loaded when a sample first fails; until then (or
 * if it cannot load) the note stays empty: one status element throughout, so the reason is
 * announced once.
 */
const reasonOfCode = loadOnce<ReasonOf>(() => import("./examples-reason.ts").then((m) => m.reasonOf));
