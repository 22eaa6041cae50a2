import type { ReactNode } from "react";
import { revealBidi } from "../../chain/bidi.ts";
import type { ErrorNotice } from "../../rpc/display.ts";

/**
 * An error: its title, one plain sentence, what the app decoded (children), and, folded, what the
 * node itself said and its data; each text once (`errorNotice` in rpc/display.ts). The app's own
 * texts already name the key as the provider does (rpc/key-label.ts); what the node said is shown
 * as it came.
 */
export function ErrorNoticeView(props: {
  notice: ErrorNotice;
  /** After the title: "(code 3, …)". */
  code?: ReactNode;
  data?: string | undefined;
  children?: ReactNode;
  attrs?: Record<`data-${string}`, string | number>;
}) {
  const { notice, code, data, children } = props;
  const folded = notice.said.length > 0 || data !== undefined;
  return (
    <div role="alert" className="rounded border border-bad bg-bad-bg p-3 text-sm" {...props.attrs}>
      <p className="font-semibold text-bad">
        {notice.title}
        {code && <> {code}</>}
      </p>
      {notice.sentence && <p className="mt-1 break-words">{notice.sentence}</p>}
      {children}
      {folded && (
        <details className="mt-2">
          <summary className="cursor-pointer text-fg-muted">What the node said</summary>
          {notice.said.map((s) => (
            <p key={s} className="mt-1 break-words whitespace-pre-wrap">
              {revealBidi(s)}
            </p>
          ))}
          {data !== undefined && <p className="mt-1 break-all font-mono text-xs">data: {revealBidi(data)}</p>}
        </details>
      )}
    </div>
  );
}
