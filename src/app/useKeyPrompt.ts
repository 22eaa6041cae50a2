import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useReadCurrent, useSelectedKey, useSelectedNetwork } from "../state/useNetworks.ts";

export type KeyPrompt = {
  /** "Enter your API key for <network>.", said at the key field after a Send without a key. */
  problem: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  /** A Send found no key: say so at the key field and put the focus there. */
  ask(): void;
};

/** The key field's side of "only a missing key stops a send"; gone once a key is typed or the network changes. */
export function useKeyPrompt(): KeyPrompt {
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const readCurrent = useReadCurrent();
  const key = useSelectedKey();
  const networkId = useSelectedNetwork().id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key or network clears the prompt
  useEffect(() => setProblem(undefined), [key, networkId]);
  const ask = useCallback(() => {
    setProblem(`Enter your API key for ${readCurrent().network.name}.`);
    inputRef.current?.focus();
  }, [readCurrent]);
  return { problem, inputRef, ask };
}
