import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { SEND_MUTATION, wholeAnswer } from "./useSendRequest.ts";

describe("the send mutation's cache", () => {
  it("keeps only the send on screen: earlier answers are dropped, not kept for minutes", async () => {
    const client = new QueryClient();
    const observer = new MutationObserver(client, {
      ...SEND_MUTATION,
      mutationFn: async (n: number) => ({ big: "x".repeat(1000), n }),
    });
    const unsubscribe = observer.subscribe(() => {});
    for (let n = 0; n < 6; n++) await observer.mutate(n);
    // TanStack removes an unobserved mutation on a gc timer of gcTime (0): one turn of the loop.
    await new Promise((r) => setTimeout(r, 5));
    const kept = client.getMutationCache().getAll();
    expect(kept).toHaveLength(1);
    expect(kept[0]?.state.data).toMatchObject({ n: 5 });
    unsubscribe();
  });
});

describe("a big answer for the app's own reads", () => {
  it("is waited for until every row is in, and comes whole without its arrival", async () => {
    const rows = [1, 2];
    let notify = () => {};
    let done = false;
    const arrival = {
      path: ["result"],
      getSnapshot: () => ({ received: rows.length, total: 4, done }),
      subscribe: (l: () => void) => {
        notify = l;
        return () => {};
      },
      stop: () => {},
    };
    const meta = { transport: "http" as const, latencyMs: 1, sizeBytes: 1 };
    const raw = { jsonrpc: "2.0", id: 1, result: rows };
    const whole = wholeAnswer({ kind: "result", result: rows, raw, meta, arrival });
    let settled = false;
    void whole.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false); // two of four rows: not yet
    rows.push(3, 4);
    done = true;
    notify();
    const answer = await whole;
    expect(answer).toEqual({ kind: "result", result: [1, 2, 3, 4], raw, meta });
    expect("arrival" in answer).toBe(false);
  });
});
