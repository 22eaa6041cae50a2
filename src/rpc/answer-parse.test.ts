import { describe, expect, it } from "vitest";
import { type ParsedAnswer, parsedInTurn } from "./answer-parse.ts";

const parsed: ParsedAnswer = { ok: true, value: 1 };

/** Whether `p` settled within the microtasks of this task. */
async function settledNow(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void p.then(() => {
    settled = true;
  });
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return settled;
}

describe("parsedInTurn", () => {
  it("hands a quick parse on in the same task", async () => {
    expect(await settledNow(parsedInTurn(() => parsed))).toBe(true);
  });

  it("leaves what follows for a later task when the task's work on the answer took long, counted from when it began", async () => {
    // The parse itself is quick; the message's own reading before it (`began`) was not.
    const p = parsedInTurn(() => parsed, performance.now() - 25);
    expect(await settledNow(p)).toBe(false);
    expect(await p).toBe(parsed);
  });
});
