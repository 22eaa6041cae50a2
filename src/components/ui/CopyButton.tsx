import { useRef, useState } from "react";
import { Button, type ButtonSize } from "./Button.tsx";

/** Copies `text` to the clipboard and says for a moment whether it worked. */
export function CopyButton({
  text,
  label = "Copy",
  what,
  size = "sm",
  className,
}: {
  /**
   * What is copied; a function is called on click (a big answer's text is made only when asked
   * for, and may take a while: a Blob of type text/plain, `jsonBlobInSlices`).
   */
  text: string | (() => string | Promise<Blob>);
  label?: string;
  /** What is copied, said to assistive technology after the label: "block hash", "address 0x5fbd…0aa3". */
  what?: string | undefined;
  size?: ButtonSize;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  return (
    <Button
      size={size}
      {...(className ? { className } : {})}
      onClick={() => {
        // The moment it says so counts from when the copy is done (a big answer's text takes a while
        // to make), else "Copied" came after its own reset and stayed.
        const say = (state: "copied" | "failed") => {
          setState(state);
          // A copy before the last one's message went: its own 1.5 s, not what was left of the last's.
          clearTimeout(reset.current);
          reset.current = setTimeout(() => setState("idle"), 1500);
        };
        copyText(typeof text === "function" ? text() : text).then(
          () => say("copied"),
          () => say("failed"),
        );
      }}
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
      {what && <span className="sr-only"> {what}</span>}
    </Button>
  );
}

/**
 * Writes `text` to the clipboard. A text still being made is handed over as a promise
 * (`ClipboardItem`) within the click, where the browser has it: Safari refuses a write that comes
 * after the click's task (it has no user activation left).
 */
function copyText(text: string | Promise<Blob>): Promise<void> {
  if (typeof text === "string") return navigator.clipboard.writeText(text);
  if (typeof ClipboardItem === "function" && typeof navigator.clipboard.write === "function")
    return navigator.clipboard.write([new ClipboardItem({ "text/plain": text })]);
  return text.then((blob) => blob.text()).then((t) => navigator.clipboard.writeText(t));
}
