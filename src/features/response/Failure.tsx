import { useState } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { failureNotice, toErrorDisplay } from "../../rpc/display.ts";
import { AnswerTooLargeError } from "../../rpc/errors.ts";
import { answerFile, type SendVariables } from "../../send/useSendRequest.ts";
import { ErrorNoticeView } from "./ErrorNoticeView.tsx";

/**
 * A send that failed, said plainly (rpc/display.ts): a chunk of its own with the error texts,
 * loaded with the answer's code (lazy-answer.ts), not part of the first screen.
 */
export function Failure({ error, failedSend }: { error: unknown; failedSend: SendVariables | undefined }) {
  const d = toErrorDisplay(error);
  return (
    <ErrorNoticeView notice={failureNotice(d)} attrs={{ "data-error-kind": d.kind }}>
      {error instanceof AnswerTooLargeError && failedSend && (
        <DownloadInstead error={error} vars={failedSend} />
      )}
    </ErrorNoticeView>
  );
}

/** An answer over the size limit, saved as a file as the node sent it, never parsed or shown. */
function DownloadInstead({ error, vars }: { error: AnswerTooLargeError; vars: SendVariables }) {
  const [state, setState] = useState<"idle" | "busy" | "done" | string>("idle");
  const save = async () => {
    setState("busy");
    try {
      const blob = await answerFile(vars, error);
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = `${vars.body.method || "answer"}-answer.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState("done");
    } catch (e) {
      setState(toErrorDisplay(e).title);
    }
  };
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2">
      <Button onClick={save} disabled={state === "busy"}>
        {state === "busy" ? "Downloading…" : "Download the answer instead"}
      </Button>
      {state === "done" && <span role="status">Saved as a file.</span>}
      {state !== "idle" && state !== "busy" && state !== "done" && (
        <span role="alert">Could not download it: {state}</span>
      )}
    </p>
  );
}
