import { useCallback, useEffect } from "react";
import { isRecord, parseJson } from "../../rpc/response.ts";
import type { OpenRequest } from "../../send/open-request.ts";
import { useAppStoreApi } from "../../state/AppStoreProvider.tsx";

type HistoryEntry = { rpcRequest: { method: string; params: unknown[] | Record<string, unknown> } };

const isHistoryEntry = (v: unknown): v is HistoryEntry =>
  typeof v === "object" &&
  v !== null &&
  "rpcRequest" in v &&
  typeof (v as HistoryEntry).rpcRequest?.method === "string";

/**
 * Links in a view open the next request: fill that method's form and send it. Each step is an
 * entry in the browser history, so Back and Forward walk the path (re-sending each request).
 */
export function useRequestNavigation(submit: (text?: string) => unknown): OpenRequest {
  const store = useAppStoreApi();
  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      if (!isHistoryEntry(e.state)) return;
      const { method, params } = e.state.rpcRequest;
      if (store.getState().draftActions.load(method, params)) submit();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [submit, store]);
  return useCallback<OpenRequest>(
    (method, params) => {
      const s = store.getState();
      // The entry we leave remembers its own request, so Back can return to it.
      // The body may be half-typed JSON: then there is no request to remember, and the link still opens.
      const parsed = parseJson(s.bodyText);
      const current = parsed.ok && isRecord(parsed.value) ? parsed.value : undefined;
      if (current && typeof current.method === "string" && !isHistoryEntry(window.history.state)) {
        window.history.replaceState({ rpcRequest: { method: current.method, params: current.params } }, "");
      }
      if (!s.draftActions.load(method, params)) return;
      window.history.pushState({ rpcRequest: { method, params } } satisfies HistoryEntry, "");
      submit();
    },
    [submit, store],
  );
}
