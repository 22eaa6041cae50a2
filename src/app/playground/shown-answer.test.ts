import { describe, expect, it } from "vitest";
import type { SentRequest } from "../../send/useSendRequest.ts";
import { boundKeptAnswers, shownAnswer } from "./useRequestAddress.ts";

const data = { answer: { kind: "result" } } as unknown as SentRequest;
const live = { status: "pending" as const, data: undefined, error: null };

describe("shownAnswer", () => {
  it("shows the live send until Back or Forward brings an entry back", () => {
    expect(shownAnswer(null, live)).toBe(live);
  });
  it("shows an entry's kept answer or failure, whatever the live send is doing", () => {
    expect(shownAnswer({ status: "success", data }, live)).toEqual({ status: "success", data, error: null });
    const error = new Error("x");
    expect(shownAnswer({ status: "error", error }, live)).toEqual({
      status: "error",
      data: undefined,
      error,
    });
  });
  it("shows nothing (idle) for an entry whose answer was not kept", () => {
    expect(shownAnswer("none", live)).toEqual({ status: "idle", data: undefined, error: null });
  });
});

describe("boundKeptAnswers", () => {
  const sized = (sizeBytes: number) => ({
    status: "success" as const,
    data: { answer: { kind: "result", meta: { sizeBytes } } } as unknown as SentRequest,
  });
  it("keeps the newest answers within the budget and drops older ones, never the newest", () => {
    const entries = new Map<
      string,
      { answer?: ReturnType<typeof sized> | { status: "error"; error: unknown } }
    >([
      ["a", { answer: sized(10) }],
      ["b", { answer: { status: "error", error: new Error("x") } }],
      ["c", { answer: sized(70) }],
      ["d", { answer: sized(30) }],
    ]);
    boundKeptAnswers(entries, 100);
    expect([...entries.values()].map((e) => e.answer !== undefined)).toEqual([false, true, true, true]);
    const huge = new Map([["only", { answer: sized(500) }]]);
    boundKeptAnswers(huge, 100);
    expect(huge.get("only")?.answer).toBeDefined();
  });
});
