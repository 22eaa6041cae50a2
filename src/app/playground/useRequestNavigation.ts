import { useCallback } from "react";
import type { OpenRequest } from "../../send/open-request.ts";
import { useAppStoreApi } from "../../state/AppStoreProvider.tsx";

/**
 * Links in a view (and the history's replay) open the next request: fill that method's form and
 * send it. The send gives it an entry in the browser's history (useRequestAddress), so Back and
 * Forward walk the path.
 */
export function useRequestNavigation(submit: (text?: string) => unknown): OpenRequest {
  const store = useAppStoreApi();
  return useCallback<OpenRequest>(
    (method, params) => {
      if (store.getState().draftActions.load(method, params)) submit();
    },
    [submit, store],
  );
}
