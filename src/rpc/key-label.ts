/**
 * What the app's own texts call the key: "API key", unless the provider names it otherwise
 * ("Project ID", `keyLabel` in playground.config.json). `setProviderSettings` (networks/provider.ts)
 * sets it at start-up, after every module is imported, so the text makers (display.ts,
 * error-codes.ts, errors.ts) read it when they make a text, never in a constant made at import.
 * Only the app's own words take it: what a node said is quoted as it came, even when it says "API key".
 */
export const DEFAULT_KEY_LABEL = "API key";

let label = DEFAULT_KEY_LABEL;

/** The key's name in force. */
export function keyLabel(): string {
  return label;
}

export function setKeyLabel(next: string): void {
  label = next;
}
