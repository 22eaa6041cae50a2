import type { BodyPath } from "./body-reading.ts";

const WS = " \t\n\r";

/**
 * Where the value at `path` starts in a JSON text (its offset), for putting a problem on its line;
 * undefined when the text is not JSON there. Walks only along the path: other values are skipped
 * by counting brackets outside strings, so a deep or huge body costs one pass and no recursion.
 */
export function locate(text: string, path: BodyPath): number | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && WS.includes(text.charAt(i))) i++;
  };
  const skipString = () => {
    i++;
    while (i < text.length) {
      const c = text.charAt(i);
      if (c === "\\") i += 2;
      else if (c === '"') {
        i++;
        return;
      } else i++;
    }
  };
  const skipValue = () => {
    ws();
    const c = text.charAt(i);
    if (c === '"') return skipString();
    if (c !== "{" && c !== "[") {
      while (i < text.length && !`,}]${WS}`.includes(text.charAt(i))) i++;
      return;
    }
    let depth = 0;
    while (i < text.length) {
      const d = text.charAt(i);
      if (d === '"') {
        skipString();
        continue;
      }
      if (d === "{" || d === "[") depth++;
      else if (d === "}" || d === "]") {
        depth--;
        if (depth === 0) {
          i++;
          return;
        }
      }
      i++;
    }
  };
  /** After a value: past the comma to the next member or element; false at the end. */
  const next = () => {
    ws();
    if (text.charAt(i) !== ",") return false;
    i++;
    return true;
  };
  for (const step of path) {
    ws();
    if (typeof step === "number") {
      if (text.charAt(i) !== "[") return undefined;
      i++;
      for (let k = 0; k < step; k++) {
        ws();
        if (text.charAt(i) === "]") return undefined;
        skipValue();
        if (!next()) return undefined;
      }
      ws();
      if (text.charAt(i) === "]") return undefined;
    } else {
      if (text.charAt(i) !== "{") return undefined;
      i++;
      for (;;) {
        ws();
        if (text.charAt(i) !== '"') return undefined;
        const start = i;
        skipString();
        let key: unknown;
        try {
          key = JSON.parse(text.slice(start, i));
        } catch {
          return undefined;
        }
        ws();
        if (text.charAt(i) !== ":") return undefined;
        i++;
        ws();
        if (key === step) break;
        skipValue();
        if (!next()) return undefined;
      }
    }
  }
  ws();
  return i < text.length ? i : undefined;
}

/** The 1-based line and column of an offset. */
function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where `JSON.parse` stopped in `text`, read from its message: "line 10 column 2" (V8 and
 * SpiderMonkey) or "at position 158" (older V8); undefined when the message says neither.
 */
export function syntaxErrorAt(text: string, message: string): { line: number; column: number } | undefined {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  return pos ? lineColumnAt(text, Number(pos[1])) : undefined;
}

/** The line and column of the value at `path` (the nearest enclosing value that can be found). */
export function positionOf(text: string, path: BodyPath): { line: number; column: number } {
  for (let n = path.length; n >= 0; n--) {
    const at = locate(text, path.slice(0, n));
    if (at !== undefined) return lineColumnAt(text, at);
  }
  return { line: 1, column: 1 };
}
