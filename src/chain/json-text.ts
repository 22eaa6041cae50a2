/** Past this depth lines are not indented further: indenting each of 16,000 levels would make the
 * text grow with the square of the depth (half a gigabyte for 10 KB of brackets). */
const MAX_INDENT_DEPTH = 64;

/**
 * JSON text of any depth. `JSON.stringify` recurses, so an answer nested a few thousand levels deep
 * (hostile or broken) overflows the stack; this writes the same text with an explicit stack.
 */
export function stringifyDeep(value: unknown, indent = 2): string {
  const pad = (depth: number) =>
    indent > 0 ? `\n${" ".repeat(indent * Math.min(depth, MAX_INDENT_DEPTH))}` : "";
  const sep = indent > 0 ? ": " : ":";
  const out: string[] = [];
  type Frame = { entries: [string | null, unknown][]; next: number; close: string; depth: number };
  const stack: Frame[] = [];

  const open = (v: unknown, depth: number): void => {
    if (v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON === "function")
      v = (v as { toJSON(): unknown }).toJSON();
    if (Array.isArray(v)) {
      if (v.length === 0) return void out.push("[]");
      out.push("[");
      stack.push({
        entries: v.map((x) => [null, x === undefined || typeof x === "function" ? null : x]),
        next: 0,
        close: "]",
        depth,
      });
      return;
    }
    if (v !== null && typeof v === "object") {
      const entries = Object.entries(v).filter(
        ([, x]) => x !== undefined && typeof x !== "function" && typeof x !== "symbol",
      );
      if (entries.length === 0) return void out.push("{}");
      out.push("{");
      stack.push({ entries, next: 0, close: "}", depth });
      return;
    }
    out.push(JSON.stringify(v) ?? "null");
  };

  open(value, 0);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.entries.length) {
      stack.pop();
      out.push(pad(frame.depth), frame.close);
      continue;
    }
    const [key, v] = frame.entries[frame.next]!;
    out.push(frame.next === 0 ? "" : ",", pad(frame.depth + 1));
    if (key !== null) out.push(JSON.stringify(key), sep);
    frame.next += 1;
    open(v, frame.depth + 1);
  }
  return out.join("");
}
