import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "./Button.tsx";
import { forgetFailedLoads } from "./preloadable.tsx";

type Props = {
  /** What failed, for the message: "the answer's view", "the request panel". */
  what: string;
  children: ReactNode;
  /** Shown under the message: a way out that does not need the failed part (download the raw answer). */
  actions?: ReactNode;
  /** A new value starts over (a new answer replaces the one that failed). */
  resetKey?: unknown;
  /**
   * The part opened on request (a dialog, a popover): its failure offers Close, and Escape closes it
   * as it would have closed the part; the focus goes back to where it was (the button that opened it).
   */
  onClose?: () => void;
};

type State = { error: Error | null; key: unknown };

/**
 * A chunk that did not download, as each engine says it (Chromium, Firefox, Safari) and as Vite's
 * preload of a chunk's CSS does: said in words, not as the browser's message with the file's URL.
 */
const CHUNK_FAILED =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/i;

/**
 * One failing part says so and the rest of the app goes on: a hostile or broken answer, a bug in a
 * view, a browser that refuses storage. The draft lives in the store, so nothing typed is lost.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  /** Where the focus was when the failure showed: Close gives it back (the message's button is gone). */
  private focusBefore: HTMLElement | null = null;

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A chunk that did not load is said here now; whatever renders it next loads it again.
    forgetFailedLoads();
    console.warn(`RPC Playground: ${this.props.what} failed`, error, info.componentStack);
    if (this.props.onClose) {
      const active = document.activeElement;
      this.focusBefore = active instanceof HTMLElement && active !== document.body ? active : null;
      // On the document, so the page's own Escape (cancel a send, on the window) sees it taken.
      document.addEventListener("keydown", this.onKey);
    }
  }

  override componentDidUpdate(): void {
    if (!this.state.error) document.removeEventListener("keydown", this.onKey);
  }

  override componentWillUnmount(): void {
    document.removeEventListener("keydown", this.onKey);
  }

  private onKey = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || e.defaultPrevented || !this.state.error) return;
    e.preventDefault();
    this.close();
  };

  private close = () => {
    const before = this.focusBefore;
    document.removeEventListener("keydown", this.onKey);
    this.props.onClose?.();
    if (before?.isConnected) before.focus();
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const why =
      error instanceof RangeError
        ? "it is nested too deep or too large to show"
        : CHUNK_FAILED.test(error.message)
          ? "its code could not download (is the network down?)"
          : error.message;
    return (
      <div role="alert" className="rounded border border-bad bg-bad-bg p-3 text-sm">
        <p className="font-semibold text-bad">Could not show {this.props.what}</p>
        <p className="mt-1 break-words">
          {why.slice(0, 300)}. The rest of the playground works, and your request is as you left it.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {this.props.actions}
          {this.props.onClose && <Button onClick={this.close}>Close</Button>}
          <Button onClick={() => this.setState({ error: null })}>Try again</Button>
        </div>
      </div>
    );
  }
}
