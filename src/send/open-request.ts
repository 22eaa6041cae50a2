import { createContext, useContext } from "react";

/**
 * Opens a request from a view or the history: fills that method's form with the params and sends
 * it. The playground provides it (and records the step in the browser history, so Back walks the
 * path); without a provider (an embed, a view on its own) there is none.
 */
export type OpenRequest = (method: string, params: unknown[] | Record<string, unknown>) => void;

const OpenRequestContext = createContext<OpenRequest | null>(null);

export const OpenRequestProvider = OpenRequestContext.Provider;

export function useOpenRequest(): OpenRequest | null {
  return useContext(OpenRequestContext);
}
