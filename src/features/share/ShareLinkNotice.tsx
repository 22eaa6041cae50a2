import { Button } from "../../components/ui/Button.tsx";
import type { ShareNotice } from "./apply-share-link.ts";

/**
 * What opening an address said: a status for a shared request opened (with a warning when it
 * brought a network) or offered (with a button that opens it), an alert for a bad one.
 * Dismissible; the app works either way.
 */
export function ShareLinkNotice({
  notice,
  onDismiss,
}: {
  notice: ShareNotice | undefined;
  onDismiss(): void;
}) {
  if (!notice) return null;
  const bad = notice.tone === "bad";
  return (
    <div
      role={bad ? "alert" : "status"}
      data-testid="share-notice"
      className={`mx-4 mt-2 flex items-start gap-3 rounded border p-3 text-sm ${bad ? "border-bad bg-bad-bg" : "border-border bg-surface-muted"}`}
    >
      <div className="flex flex-col gap-1">
        <p className={`font-medium ${bad ? "text-bad" : ""}`}>{notice.title}</p>
        <p>{notice.detail}</p>
        {notice.tone === "ok" && notice.warning && (
          <p className="rounded border border-warn bg-warn-bg p-2 font-medium text-warn">{notice.warning}</p>
        )}
      </div>
      <div className="ml-auto flex flex-wrap justify-end gap-2">
        {notice.tone === "ok" && notice.action && (
          <Button variant="primary" onClick={notice.action.run}>
            {notice.action.label}
          </Button>
        )}
        <Button onClick={onDismiss}>Dismiss</Button>
      </div>
    </div>
  );
}
