import { useState } from "react";
import { Button, type ButtonSize } from "./Button.tsx";

/** Copies `text` to the clipboard and says for a moment whether it worked. */
export function CopyButton({
  text,
  label = "Copy",
  what,
  size = "sm",
  className,
}: {
  /** What is copied; a function is called on click (a big answer's text is made only when asked for). */
  text: string | (() => string);
  label?: string;
  /** What is copied, said to assistive technology after the label: "block hash", "address 0x5fbd…0aa3". */
  what?: string | undefined;
  size?: ButtonSize;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <Button
      size={size}
      {...(className ? { className } : {})}
      onClick={() => {
        navigator.clipboard.writeText(typeof text === "function" ? text() : text).then(
          () => setState("copied"),
          () => setState("failed"),
        );
        setTimeout(() => setState("idle"), 1500);
      }}
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
      {what && <span className="sr-only"> {what}</span>}
    </Button>
  );
}
