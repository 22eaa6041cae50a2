import { runInSlices } from "./next-task.ts";
import { rowValue } from "./row-text.ts";

/** Past this depth lines are not indented further: indenting each of 16,000 levels would make the
 * text grow with the square of the depth (half a gigabyte for 10 KB of brackets). */
const MAX_INDENT_DEPTH = 64;

/**
 * The most values a part may hold to be written by `JSON.stringify` in one call (a transaction
 * holds about 30): the writer's own walk pushes a string per token, several times slower, and a
 * part this small keeps each call well under a slice.
 */
const NATIVE_MAX_VALUES = 4_000;

/** Whether `value` nests no deeper than `maxDepth` and holds at most `maxValues` values (a walk that stops early). */
function smallAndShallow(value: unknown, maxDepth: number, maxValues: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let count = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (++count > maxValues) return false;
    if (v === null || typeof v !== "object") continue;
    if (depth >= maxDepth) return false;
    if (typeof (v as { toJSON?: unknown }).toJSON === "function") continue;
    const plain = rowValue(v) as object;
    for (const x of Array.isArray(plain) ? plain : Object.values(plain)) stack.push([x, depth + 1]);
  }
  return true;
}

type Frame = { entries: [string | null, unknown][]; next: number; close: string; depth: number };

/**
 * Writes JSON text of any depth, with an explicit stack (`JSON.stringify` recurses, so an answer
 * nested a few thousand levels deep, hostile or broken, overflows the stack), and resumable: `run`
 * works while `more()` says so, and gives the text once done. A part small and shallow enough is
 * written by `JSON.stringify` itself (re-indented where it sits), the same text several times faster.
 */
class JsonWriter {
  private readonly out: string[] = [];
  private readonly stack: Frame[] = [];
  private readonly sep: string;

  constructor(
    value: unknown,
    private readonly indent: number,
  ) {
    this.sep = indent > 0 ? ": " : ":";
    this.open(value, 0);
  }

  private pad(depth: number): string {
    return this.indent > 0 ? `\n${" ".repeat(this.indent * Math.min(depth, MAX_INDENT_DEPTH))}` : "";
  }

  private open(v: unknown, depth: number): void {
    const { out } = this;
    v = rowValue(v); // a big answer's row kept as its text (row-text.ts), parsed: not a proxy's lookups
    if (v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON === "function")
      v = (v as { toJSON(): unknown }).toJSON();
    if (
      v !== null &&
      typeof v === "object" &&
      smallAndShallow(v, MAX_INDENT_DEPTH - depth, NATIVE_MAX_VALUES)
    ) {
      const text = JSON.stringify(v, null, this.indent);
      // Its own line breaks are its layout (a string's are written \n): each is indented where it sits.
      out.push(this.indent > 0 && depth > 0 ? text.replaceAll("\n", this.pad(depth)) : text);
      return;
    }
    if (Array.isArray(v)) {
      if (v.length === 0) return void out.push("[]");
      out.push("[");
      this.stack.push({
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
      this.stack.push({ entries, next: 0, close: "}", depth });
      return;
    }
    out.push(JSON.stringify(v) ?? "null");
  }

  /** The text's parts, in order, once done (null while there is more to write). */
  run(more: () => boolean): string[] | null {
    const { out, stack } = this;
    let steps = 0;
    while (stack.length > 0) {
      // The clock is read every few values, not at each.
      if (++steps % 64 === 0 && !more()) return null;
      const frame = stack[stack.length - 1] as Frame;
      if (frame.next === frame.entries.length) {
        stack.pop();
        out.push(this.pad(frame.depth), frame.close);
        continue;
      }
      const [key, v] = frame.entries[frame.next] as [string | null, unknown];
      out.push(frame.next === 0 ? "" : ",", this.pad(frame.depth + 1));
      if (key !== null) out.push(JSON.stringify(key), this.sep);
      frame.next += 1;
      this.open(v, frame.depth + 1);
    }
    return out;
  }
}

/** JSON text of any depth (what `JSON.stringify(value, null, indent)` writes, without its stack overflow). */
export function stringifyDeep(value: unknown, indent = 2): string {
  return (new JsonWriter(value, indent).run(() => true) as string[]).join("");
}

/** Characters encoded to UTF-8 at a time (about 5 ms at CPU 2x). */
const ENCODE_CHARS = 128 * 1024;

/** Encodes text parts to UTF-8, a chunk a step (resumable, as `JsonWriter`). */
class Utf8Encoder {
  private at = 0;
  private readonly out: Uint8Array[] = [];
  private readonly encoder = new TextEncoder();
  constructor(private readonly parts: readonly string[]) {}
  run(more: () => boolean): Uint8Array[] | null {
    const { parts } = this;
    while (this.at < parts.length) {
      if (!more()) return null;
      let chunk = "";
      while (this.at < parts.length && chunk.length < ENCODE_CHARS) chunk += parts[this.at++];
      this.out.push(this.encoder.encode(chunk));
    }
    return this.out;
  }
}

/**
 * The same text as a Blob of `type` (to download, or to copy), written and encoded a slice at a
 * time (`runInSlices`): a 16 MB block's Copy JSON and Download were each one task of 300-500 ms at
 * CPU 2x, and a Blob made from one string encodes it in one go (about 100 ms for 15 MB).
 */
export async function jsonBlobInSlices(
  value: unknown,
  type: string,
  indent = 2,
  slices?: Parameters<typeof runInSlices>[1],
): Promise<Blob> {
  const parts = (await runInSlices(new JsonWriter(value, indent), slices)) as string[];
  const bytes = (await runInSlices(new Utf8Encoder(parts), slices)) as Uint8Array[];
  return new Blob(bytes as BlobPart[], { type });
}
