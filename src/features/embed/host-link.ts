import { type EmbedMessage, hostTargetOrigin } from "./embed-messages.ts";

/**
 * The window side of the host link: where the embed's messages go. No React; the rules are in
 * embed-messages.ts (pure), this file only reads the window.
 */

export const isEmbedded = (): boolean => window.parent !== window;

/** The host's exact origin if the browser tells it and it is allowed; see `hostTargetOrigin`. */
export function initialHostTarget(allowed: readonly string[]): string | undefined {
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  return hostTargetOrigin({
    ancestorOrigin: ancestors && ancestors.length > 0 ? (ancestors.item(0) ?? undefined) : undefined,
    referrer: document.referrer || undefined,
    allowed,
    self: window.location.origin,
  });
}

/**
 * Posts to the host page. `secret` messages (results) go only to a known, allowed origin; the
 * others (ready, height, error) carry nothing private and may go to any parent when its origin is
 * not known, so auto-height works on a page that lists no origin.
 */
export function postToHost(message: EmbedMessage, target: string | undefined, secret: boolean): void {
  if (!isEmbedded()) return;
  if (secret && !target) return;
  window.parent.postMessage(message, target ?? "*");
}
