import { memo, type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { whenIdle } from "../../chain/next-task.ts";
import { Counted } from "../../components/ui/Counted.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { preloadable } from "../../components/ui/preloadable.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { HistoryProvider } from "../../features/history/history-context.tsx";
import type { LazyHistory } from "../../features/history/lazy-history.ts";
import { AnswerView } from "../../features/response/lazy-answer.ts";

// Tabs that are not open on the first screen: their code loads when opened (or in idle time).
const HistoryPanel = preloadable(() =>
  import("../../features/history/HistoryPanel.tsx").then((m) => m.HistoryPanel),
);
const QaPanel = preloadable(() => import("../../features/qa/QaPanel.tsx").then((m) => m.QaPanel));
// The snippets tab is open on the first screen, under the request and the answer: its chunk is
// asked for after the first paint (in idle time, at the latest 0.5 s later), so Send never waits
// for it, and the tab renders once it is there.
const SnippetsPanel = preloadable(() =>
  import("../../features/snippets/SnippetsPanel.tsx").then((m) => m.SnippetsPanel),
);

const tabLoading = <p className="text-sm text-fg-muted">Loading…</p>;

let snippetsAsked = false;

/** The snippets tab: "Loading…" until the first paint is done, then the panel once its chunk is there. */
function SnippetsTab() {
  const [asked, setAsked] = useState(snippetsAsked);
  useEffect(() => {
    if (asked) return;
    return whenIdle(() => {
      snippetsAsked = true;
      setAsked(true);
    }, 500);
  }, [asked]);
  if (!asked) return tabLoading;
  return (
    <ToolPanel what="the code snippets">
      <SnippetsPanel.Component />
    </ToolPanel>
  );
}

/**
 * A tab's panel: "Loading…" until its code is in, and its own error boundary, so a tab that
 * fails (its chunk could not download, offline) says so in its place and the tabs stay, to try
 * again or to open another.
 */
function ToolPanel({ what, children }: { what: string; children: ReactNode }) {
  return (
    <ErrorBoundary what={what}>
      <Suspense fallback={tabLoading}>{children}</Suspense>
    </ErrorBoundary>
  );
}

type ToolTab = "snippets" | "history" | "qa";

/**
 * The tools under the request and the answer: code snippets, the history, the QA run. It renders
 * only when its props change: an answer (the shell's render) leaves it as it is.
 */
export const ToolsSection = memo((props: { history: LazyHistory }) => <Tools {...props} />);

function Tools({ history }: { history: LazyHistory }) {
  const [tool, setTool] = useState<ToolTab>("snippets");
  const openTool = useCallback(
    (next: ToolTab) => {
      // The History tab's code and the history's own load side by side, not one after the other.
      if (next === "history") history.get().catch(() => {});
      setTool(next);
    },
    [history],
  );
  return (
    <section aria-label="Tools" className="min-w-0 rounded border border-border p-3 lg:col-span-2">
      <h2 className="sr-only">Tools</h2>
      <Counted id="Tools">
        <ErrorBoundary what="the tools">
          <HistoryProvider history={history}>
            <Tabs<ToolTab>
              label="Tools"
              active={tool}
              onChange={openTool}
              tabs={[
                { key: "snippets", label: "Code snippets", content: () => <SnippetsTab /> },
                {
                  key: "history",
                  label: "History",
                  content: () => (
                    <ToolPanel what="the history">
                      <HistoryPanel.Component AnswerView={AnswerView} />
                    </ToolPanel>
                  ),
                },
                {
                  key: "qa",
                  label: "QA run",
                  content: () => (
                    <ToolPanel what="the QA run">
                      <QaPanel.Component />
                    </ToolPanel>
                  ),
                },
              ]}
            />
          </HistoryProvider>
        </ErrorBoundary>
      </Counted>
    </section>
  );
}
