import { describe, expect, it } from "vitest";
import type { SentRequest } from "../../send/useSendRequest.ts";
import { shownAnswer } from "./useRequestAddress.ts";

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
