import { DownloadButton } from "../../components/ui/DownloadButton.tsx";
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
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2">
      <DownloadButton
        fileName={`${vars.body.method || "answer"}-answer.json`}
        file={() => answerFile(vars, error)}
        busyLabel="Downloading…"
        savedNote="Saved as a file."
        describeError={(e) => toErrorDisplay(e).title}
      >
        Download the answer instead
      </DownloadButton>
    </p>
  );
}
