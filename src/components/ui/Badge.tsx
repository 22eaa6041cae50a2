import type { ReactNode } from "react";
import type { Tone } from "./tone.ts";

const TONES: Record<Tone, string> = {
  ok: "text-ok bg-ok-bg border-ok/30",
  bad: "text-bad bg-bad-bg border-bad/40",
  warn: "text-warn bg-warn-bg border-warn/40",
  neutral: "text-fg-muted bg-surface-muted border-border",
};

/** A small rounded label: a status, a transaction type, "pending". `mono` for codes. */
export function Badge({
  tone,
  children,
  title,
  mono = false,
}: {
  tone: Tone;
  children: ReactNode;
  title?: string | undefined;
  mono?: boolean;
}) {
  return (
    <span
      className={`inline-block rounded border px-1.5 py-px text-xs leading-5 whitespace-nowrap ${mono ? "font-mono" : "font-medium"} ${TONES[tone]}`}
      title={title}
    >
      {children}
    </span>
  );
}
