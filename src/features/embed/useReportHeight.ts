import { useEffect } from "react";
import { heightMessage } from "./embed-messages.ts";
import { postToHost } from "./host-link.ts";

/** The content's height: the body, whose own height is left to its content in an embed. */
const contentHeight = () => {
  const body = document.body;
  return Math.max(body.scrollHeight, body.getBoundingClientRect().height);
};

/**
 * Lets the page size itself to its content (html, body and #root drop their 100% height) and
 * tells the host its height on every change, so the iframe fits without a scroll bar.
 */
export function useReportHeight(target: () => string | undefined): void {
  useEffect(() => {
    const root = document.getElementById("root");
    for (const el of [document.documentElement, document.body, root]) if (el) el.style.height = "auto";
    let last = -1;
    const report = () => {
      const m = heightMessage(contentHeight());
      if (m.type !== "rpc-playground:height" || m.height === last) return;
      last = m.height;
      postToHost(m, target(), false);
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, [target]);
}
