import type { Ref } from "react";
import { MaskedKeyInput } from "../../components/ui/MaskedKeyInput.tsx";
import { settingControl } from "../../components/ui/setting-control.ts";
import { provider } from "../../networks/provider.ts";
import { useAppStore } from "../../state/AppStoreProvider.tsx";
import { useSelectedKey, useSelectedNetwork } from "../../state/useNetworks.ts";

/**
 * The API key (named as the provider names it, with its "Get an API key" link): masked, with
 * reveal; kept for the session unless the user asks to remember it.
 */
export function KeyField({
  problem,
  inputRef,
}: {
  /** Said at the field: a Send found no key. */
  problem?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const group = useSelectedNetwork().keyGroup;
  const key = useSelectedKey();
  const remember = useAppStore((s) => s.rememberKey);
  const actions = useAppStore((s) => s.keyActions);
  const { keyLabel, keyLink } = provider();
  return (
    <div className="flex flex-wrap items-center gap-2" {...settingControl}>
      <MaskedKeyInput
        value={key}
        onChange={(k) => actions.setKey(group, k)}
        problem={problem}
        label={keyLabel}
        getKey={keyLink}
        {...(inputRef ? { inputRef } : {})}
      />
      <label className="flex items-center gap-1 text-xs text-fg-muted">
        <input type="checkbox" checked={remember} onChange={(e) => actions.setRemember(e.target.checked)} />
        Remember on this device
      </label>
    </div>
  );
}
