import { useEffect, useState } from "react";
import { Button } from "../../components/ui/Button.tsx";
import { useReadCurrent } from "../../state/useNetworks.ts";
import { applyShareLinkFromAddress, type ShareNotice } from "./apply-share-link.ts";

/**
 * Opens a share link on load and says how it went: a status for a link opened (with a warning
 * when it brought a network), an alert for a bad one. Dismissible; the app works either way.
 */
export function ShareLinkNotice() {
  const [notice, setNotice] = useState<ShareNotice>();
  const readCurrent = useReadCurrent();
  useEffect(() => {
    // After the first render's effects (the playground's own fitting of the method to the network)
    // have run, so they work from the link's network rather than undo its method.
    const timer = setTimeout(() => setNotice(applyShareLinkFromAddress(readCurrent)), 0);
    return () => clearTimeout(timer);
  }, [readCurrent]);
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
      <Button className="ml-auto" onClick={() => setNotice(undefined)}>
        Dismiss
      </Button>
    </div>
  );
}
