import { memo, type RefObject, useId } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { Counted } from "../../components/ui/Counted.tsx";

/**
 * Send; the body's problems, each with its line, and "Send anyway" beside them (one confirmation:
 * a body with problems is sent exactly as written); why a send did not go (the shell's answer).
 */
export const SendRow = memo((props: Parameters<typeof SendRowView>[0]) => (
  <Counted id="SendRow">
    <SendRowView {...props} />
  </Counted>
));

function SendRowView(props: {
  problems: readonly { message: string; line: number }[];
  confirming: boolean;
  problem: string | undefined;
  shortcut: boolean;
  anywayRef: RefObject<HTMLButtonElement | null>;
  onSend(): void;
  onSendAnyway(): void;
}) {
  const ids = { list: useId(), problem: useId(), confirm: useId() };
  const { problems, problem, confirming } = props;
  const count = problems.length;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          size="md"
          aria-describedby={count ? ids.list : problem ? ids.problem : undefined}
          onClick={props.onSend}
        >
          Send
        </Button>
        {props.shortcut && <span className="text-xs text-fg-muted">Ctrl+Enter</span>}
        {count > 0 && (
          <>
            <Button
              ref={props.anywayRef}
              size="md"
              aria-describedby={ids.list}
              aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter"
              onClick={props.onSendAnyway}
            >
              Send anyway
            </Button>
            <span className="text-xs text-fg-muted">Ctrl+Shift+Enter</span>
          </>
        )}
        {!count && problem && (
          <p id={ids.problem} role="status" className="text-sm text-bad">
            {problem}
          </p>
        )}
      </div>
      <p id={ids.confirm} role="status" className="text-sm" data-testid="send-confirm">
        {confirming && count > 0
          ? `Not sent yet: this body has ${count} problem${count === 1 ? "" : "s"}. Send anyway sends it exactly as written, and the node decides.`
          : ""}
      </p>
      {count > 0 && (
        <div
          id={ids.list}
          className="rounded border border-warn bg-warn-bg p-2 text-sm"
          data-testid="send-problems"
        >
          <p className="font-medium">
            {count} problem{count === 1 ? "" : "s"} with this body (the node decides: Send anyway sends it as
            written)
          </p>
          <ul className="list-disc pl-5">
            {problems.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same message may repeat on two lines
              <li key={i}>
                Line {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
