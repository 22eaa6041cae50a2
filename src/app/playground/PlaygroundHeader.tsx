import { memo, type RefObject, Suspense, useId, useState } from "react";
import { Counted } from "../../components/ui/Counted.tsx";
import { ErrorBoundary } from "../../components/ui/ErrorBoundary.tsx";
import { preloadable } from "../../components/ui/preloadable.tsx";
import { KeyField } from "../../features/network/KeyField.tsx";
import { NetworkPicker } from "../../features/network/NetworkPicker.tsx";
import { AbisButton } from "../../features/response/names/AbisButton.tsx";
import { ShareButton } from "../../features/share/ShareButton.tsx";
import { TransportSwitch } from "../../features/transport/TransportSwitch.tsx";
import { WsStatus } from "../../features/transport/WsStatus.tsx";
import { appPath } from "../../networks/app-path.ts";
import { provider } from "../../networks/provider.ts";
import { ThemeSelect } from "../ThemeSelect.tsx";

// The shortcut sheet opens once its chunk is there (prefetched in idle time, on hover/focus of its button).
const ShortcutsSheet = preloadable(() =>
  import("../../features/shortcuts/ShortcutsSheet.tsx").then((m) => m.ShortcutsSheet),
);
export const prefetchShortcuts = () => void ShortcutsSheet.preload().catch(() => {});

/** The shortcut sheet, while open. */
export function Shortcuts({ open, onClose }: { open: boolean; onClose(): void }) {
  if (!open) return null;
  return (
    <ErrorBoundary what="the shortcut sheet" onClose={onClose}>
      <Suspense fallback={null}>
        <ShortcutsSheet.Component onClose={onClose} />
      </Suspense>
    </ErrorBoundary>
  );
}

type HeaderProps = {
  keyProblem: string | undefined;
  keyInput: RefObject<HTMLInputElement | null>;
  onShortcuts(): void;
};

/**
 * The chrome on top: the network, its key and the transport; then the page's own links (share,
 * ABIs, shortcuts, the guide, the theme), behind a menu below the two-column width. It renders
 * only when its props change: an answer (the shell's render) leaves it as it is.
 */
export const PlaygroundHeader = memo((props: HeaderProps) => <Header {...props} />);

function Header(props: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  return (
    <header className="relative flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface-muted px-4 py-2">
      <div className="flex w-full items-center gap-3 lg:w-auto">
        <h1 className="font-semibold">{provider().productName}</h1>
        {/* Below the two-column width, the page's own links sit behind a menu. */}
        <button
          type="button"
          className="ml-auto rounded border border-border px-2 py-1 text-sm lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((o) => !o)}
        >
          Menu
        </button>
      </div>
      <Counted id="NetworkPicker">
        <NetworkPicker />
      </Counted>
      <Counted id="KeyField">
        <KeyField problem={props.keyProblem} inputRef={props.keyInput} />
      </Counted>
      <div className="flex items-center gap-2">
        <Counted id="Transport">
          <TransportSwitch />
          <WsStatus />
        </Counted>
      </div>
      <div
        id={menuId}
        className={`${menuOpen ? "flex" : "hidden"} w-full flex-wrap items-center gap-3 lg:ml-auto lg:flex lg:w-auto`}
      >
        <Counted id="ShareButton">
          <ShareButton />
        </Counted>
        <AbisButton variant="secondary">ABIs</AbisButton>
        <button
          type="button"
          className="rounded border border-border px-2 py-1 text-xs"
          aria-keyshortcuts="?"
          onPointerEnter={prefetchShortcuts}
          onFocus={prefetchShortcuts}
          onClick={props.onShortcuts}
        >
          Keyboard shortcuts
        </button>
        <a className="text-sm text-link underline" href={appPath("guide")}>
          Embed guide
        </a>
        <ThemeSelect />
      </div>
    </header>
  );
}
