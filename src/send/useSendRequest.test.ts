import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { SEND_MUTATION } from "./useSendRequest.ts";

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
