import { type RefObject, useCallback, useRef, useState } from "react";
import { provider } from "../networks/provider.ts";
import { useReadCurrent, useSelectedKey, useSelectedNetwork } from "../state/useNetworks.ts";

type KeyPrompt = {
  /** "Enter your API key for <network>." (the key as the provider names it), said at the key field after a Send without a key. */
  problem: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  /** A Send found no key: say so at the key field and put the focus there. */
  ask(): void;
};

/** What a Send without a key says at the key field. */
export const keyPromptText = (network: string) => `Enter your ${provider().keyLabel} for ${network}.`;

/**
 * The key field's side of "only a missing key stops a send". The message holds for the network and
 * key it was said for: a key typed, or another network chosen, and it is gone.
 */
export function useKeyPrompt(): KeyPrompt {
  const [asked, setAsked] = useState<{ networkId: string; key: string; text: string } | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const readCurrent = useReadCurrent();
  const key = useSelectedKey();
  const networkId = useSelectedNetwork().id;
  const ask = useCallback(() => {
    const { network, apiKey } = readCurrent();
    setAsked({ networkId: network.id, key: apiKey, text: keyPromptText(network.name) });
    inputRef.current?.focus();
  }, [readCurrent]);
  const problem = asked && asked.networkId === networkId && asked.key === key ? asked.text : undefined;
  return { problem, inputRef, ask };
}
