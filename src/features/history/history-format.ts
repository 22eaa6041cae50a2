/** The params of a history row, for people. Pure. (Sizes, latencies, times: `components/ui/format.ts`.) */

/** The params as one line of JSON, cut at `max` characters. */
export function paramsPreview(params: unknown, max = 80): string {
  const text = JSON.stringify(params) ?? "";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
