/**
 * The one JSON shape test the whole app shares. Its own module: the send path (rpc/) needs it, and
 * importing it from field.ts would bring the field decoders (and RLP) into the first screen.
 */

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
