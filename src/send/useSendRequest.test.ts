import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { CATALOG } from "../networks/network.ts";
import type { Arrival } from "../rpc/answer-parse.ts";
import type { RpcAnswer } from "../rpc/types.ts";
import { subscribeSent } from "./sent.ts";
import { SEND_MUTATION, type SendVariables, sendLine, wholeAnswer } from "./useSendRequest.ts";

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

/** A send's answer the test gives when it likes (`start`'s promise). */
function deferred<T>() {
  let resolve: (v: T) => void = () => {};
  let reject: (e: unknown) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** This task's promise turns, then a task after them (in Node, where `afterNextPaint` goes on: no frames). */
const aTaskLater = () => new Promise<void>((resolve) => queueMicrotask(() => setTimeout(resolve, 0)));
/** Every promise turn that is waiting, without leaving this task. */
async function turns(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

const devnet = CATALOG.find((n) => n.id === "devnet")!;
const vars = (id: number): SendVariables => ({
  network: devnet,
  apiKey: "",
  transport: "http",
  timeoutMs: 30_000,
  body: { jsonrpc: "2.0", id, method: "eth_blockNumber", params: [] },
});
const answerOf = (id: number, arrival?: Arrival): RpcAnswer => ({
  kind: "result",
  result: `0x${id}`,
  raw: { jsonrpc: "2.0", id, result: `0x${id}` },
  meta: { transport: "http", latencyMs: 1, sizeBytes: 40 },
  ...(arrival ? { arrival } : {}),
});

/** A line of sends on a client of its own, each answered when the test says (`answers`). */
function line() {
  const client = new QueryClient();
  const answers: ReturnType<typeof deferred<RpcAnswer>>[] = [];
  const l = sendLine(client, () => {
    const d = deferred<RpcAnswer>();
    answers.push(d);
    return d.promise;
  });
  // As the hook does: the send's own callbacks run only while someone listens.
  l.observer.subscribe(() => {});
  const drawn: string[] = [];
  l.view.subscribe(() => drawn.push(l.view.getCurrentResult().status));
  const heard: string[] = [];
  subscribeSent(client, (e) => heard.push(e.ok ? `answer ${(e.vars.body as { id: number }).id}` : "failed"));
  return { l, answers, drawn, heard };
}

describe("a send's answer on screen (sendLine)", () => {
  it("draws a quick whole answer in the task that read it; the mutation hears of it in a task after, with the same data", async () => {
    const { l, answers, drawn, heard } = line();
    const settled = vi.fn();
    l.send(vars(1), { onSuccess: settled });
    answers[0]!.resolve(answerOf(1));
    await turns();
    const shown = l.view.getCurrentResult();
    expect(shown).toMatchObject({ status: "success", data: { answer: { result: "0x1" } }, error: null });
    expect(drawn).toEqual(["success"]);
    // Not yet told: no step of the mutation, no callback in the answer's task; those who keep the
    // answer (the history, an embed's host) hear of it now, so a reload this moment still has it.
    expect(l.observer.getCurrentResult().status).toBe("idle");
    expect(settled).not.toHaveBeenCalled();
    expect(heard).toEqual(["answer 1"]);
    await aTaskLater();
    await aTaskLater();
    expect(l.observer.getCurrentResult().status).toBe("success");
    expect(l.observer.getCurrentResult().data).toBe(shown.data);
    expect(settled).toHaveBeenCalledTimes(1);
    // Heard once: the mutation's success, a frame later, is not told again.
    expect(heard).toEqual(["answer 1"]);
    // The same object all along: the panel has nothing to draw again.
    expect(l.view.getCurrentResult()).toBe(shown);
    expect(l.sendingQuietly()).toBe(false);
  });

  it("a send made before the mutation heard of the last answer: that answer is heard first, with its callbacks, and the new send takes its quiet wait", async () => {
    const { l, answers, heard } = line();
    const first = vi.fn();
    l.send(vars(1), { onSuccess: first });
    answers[0]!.resolve(answerOf(1));
    await turns();
    const second = vi.fn();
    l.send(vars(2), { onSuccess: second });
    // The first answer stays on screen (not "Waiting…", not cancelled) while the second is quiet.
    expect(l.view.getCurrentResult()).toMatchObject({ status: "success", variables: { body: { id: 1 } } });
    expect(l.sendingQuietly()).toBe(true);
    await turns();
    expect(first).toHaveBeenCalledTimes(1);
    expect(l.view.getCurrentResult()).toMatchObject({ status: "success", variables: { body: { id: 1 } } });
    answers[1]!.resolve(answerOf(2));
    await turns();
    expect(l.view.getCurrentResult()).toMatchObject({ status: "success", variables: { body: { id: 2 } } });
    await aTaskLater();
    await aTaskLater();
    expect(second).toHaveBeenCalledTimes(1);
    expect(heard).toEqual(["answer 1", "answer 2"]);
    expect(l.observer.getCurrentResult().variables?.body.id).toBe(2);
  });

  it("a failed send, an answer whose rows still arrive and an answer after the quiet wait reach the panel through the mutation", async () => {
    const { l, answers, drawn, heard } = line();
    l.send(vars(1));
    answers[0]!.reject(new Error("refused"));
    await aTaskLater();
    expect(l.view.getCurrentResult()).toMatchObject({ status: "error", error: { message: "refused" } });
    expect(heard).toEqual(["failed"]);

    const arrival = {
      path: ["result"],
      getSnapshot: () => ({ received: 1, total: 2, done: false }),
      subscribe: () => () => {},
      stop: () => {},
    };
    l.send(vars(2));
    answers[1]!.resolve(answerOf(2, arrival));
    await turns();
    // Not drawn ahead: the mutation was told in the answer's task, and the panel reads its state.
    expect(l.view.getCurrentResult()).toMatchObject({ status: "success", variables: { body: { id: 2 } } });
    expect(l.view.getCurrentResult()).toBe(l.observer.getCurrentResult());

    drawn.length = 0;
    l.send(vars(3));
    // The quiet wait (190 ms) is over: "Waiting…", then the answer through the mutation.
    await new Promise((r) => setTimeout(r, 250));
    expect(l.view.getCurrentResult()).toMatchObject({ status: "pending", variables: { body: { id: 3 } } });
    answers[2]!.resolve(answerOf(3));
    await aTaskLater();
    await aTaskLater();
    expect(l.view.getCurrentResult()).toMatchObject({ status: "success", variables: { body: { id: 3 } } });
    expect([drawn[0], drawn.at(-1)]).toEqual(["pending", "success"]);
  });
});
