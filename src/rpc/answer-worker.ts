/**
 * The answer worker: reads a big answer off the main thread (see answer-parse.ts). It decodes the
 * bytes, scrubs the key exactly as the page does (redact.ts), parses, and posts the answer back in
 * pieces (answer-split.ts): first the answer with a screen of rows, then the rest in slices.
 */
import { splitForDelivery } from "./answer-split.ts";
import { scrubAnswerText } from "./redact.ts";

type Job = { id: number; bytes?: ArrayBuffer; text?: string; url: string };

const decoder = new TextDecoder();
const scope = self as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((e: MessageEvent<Job>) => void) | null;
};

scope.onmessage = (e) => {
  const { id, bytes, url } = e.data;
  const text = scrubAnswerText(e.data.text ?? decoder.decode(bytes), url);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    scope.postMessage({ id, ok: false, head: text.slice(0, 4096) });
    return;
  }
  const d = splitForDelivery(value, text.length);
  scope.postMessage({ id, ok: true, first: d.first, path: d.path, total: d.total, pieces: d.chunks.length });
  for (const rows of d.chunks) scope.postMessage({ id, rows });
};

scope.postMessage({ ready: true });
