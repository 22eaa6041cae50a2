/**
 * Text from outside (a node's strings, a network name from a link or an import) shown with its
 * bidirectional controls made visible: U+202E and its kin reorder what follows them, so a hostile
 * node could make an address or an amount read otherwise than it is. Each becomes `⟨U+202E⟩`.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** `"a\u202Eb"` → `"a⟨U+202E⟩b"`; text without such controls comes back as it is. */
export function revealBidi(text: string): string {
  return text.replace(
    BIDI_CONTROLS,
    (c) => `⟨U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0") ?? "?"}⟩`,
  );
}
