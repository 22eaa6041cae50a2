/**
 * A method is one file: the method below is defined here and nowhere else (params, result kind,
 * devnet example, how it is sampled on a live network), added to the registry, and every table
 * of the app takes it: the method picker and the form, the editor's schema, the send (planned and
 * sent as the app sends), the view, the examples of a live network, the QA run, the snippets, a
 * share link and the devnet gateway's allow-list. docs/architecture.md, "A tenth method".
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkEvmParams } from "../../devnet/gateway/evm-params.ts";
import manifest from "../../devnet/seed-manifest.json" with { type: "json" };
import { familyFixture } from "../chain/test-fixtures.ts";
import { runQa } from "../features/qa/qa-run.ts";
import { fakeChain, H } from "../features/qa/test-fake-chain.ts";
import { MethodForm } from "../features/request/MethodForm.tsx";
import { AnswerView } from "../features/response/AnswerView.tsx";
import { decodeShare, resolveShare } from "../features/share/read-address.ts";
import { encodeShare } from "../features/share/share-link.ts";
import { allSnippets } from "../features/snippets/snippets.ts";
import { planSend } from "../methods/body-reading.ts";
import { withNetworkExamples } from "../methods/network-examples.ts";
import type { EvmSample } from "../methods/network-sample.ts";
import { getMethod, METHODS, methodsForChain } from "../methods/registry.ts";
import { anyRequestSchema } from "../methods/schema.ts";
import type { MethodDef } from "../methods/types.ts";
import { CATALOG } from "../networks/network.ts";
import { sendOnce } from "../send/useSendRequest.ts";
import { AppStoreProvider } from "../state/AppStoreProvider.tsx";
import { createAppStore } from "../state/store.ts";

/** The extra method: everything the app knows of it. */
const extra = vi.hoisted(
  () =>
    ({
      name: "eth_getTransactionByHash",
      chain: "evm",
      summary: "A transaction by its hash.",
      paramsShape: "array",
      params: [
        {
          name: "hash",
          label: "Transaction hash",
          kind: "hash32",
          required: true,
          description: "The hash of the transaction (32 bytes).",
          // The devnet's Store deployment (devnet/seed-manifest.json; checked below).
          example: "0xab04193f249c77527eef60f9769ab03cb32150622198b8e510e230c11ba72200",
        },
      ],
      result: {
        kind: "transaction",
        nullable: true,
        description: "The transaction object, or `null` when no transaction has this hash.",
      },
      sample: {
        values: (s) => (s.kind === "evm" && s.tx ? { hash: s.tx.hash } : null),
        lacking: "the sample found no transaction",
        exists: (s) => s.kind === "evm" && s.tx !== null,
      },
    }) as const satisfies MethodDef,
);

// The one line a tenth method adds to methods/registry.ts, made here for this file's modules.
vi.mock("../methods/registry.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../methods/registry.ts")>();
  const registry = real.createRegistry([...real.METHODS, extra]);
  return {
    ...real,
    METHODS: registry.all,
    registry,
    getMethod: registry.get,
    methodsForChain: registry.forChain,
  };
});

/** A real node's answer to the method (Linea mainnet, test/fixtures/linea/INDEX.md). */
const recorded = familyFixture("linea", "eth_getTransactionByHash.mainnet-type2.json");
const mainnet = CATALOG.find((n) => n.id === "ethereum-mainnet")!;
const KEY = "k3y-never-shown";

async function html(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={new QueryClient()}>
      <AppStoreProvider store={createAppStore({ persist: false })}>{node}</AppStoreProvider>
    </QueryClientProvider>,
  );
  let out = "";
  for await (const chunk of prelude) out += chunk;
  return out;
}

afterEach(() => vi.unstubAllGlobals());

describe("a method defined in one file", () => {
  it("is in the registry beside the spec's methods, with an example that exists on the devnet", () => {
    expect(METHODS).toContain(extra);
    expect(methodsForChain("evm")).toContain(extra);
    expect(manifest.contracts.store.deployTransaction).toBe(extra.params[0].example);
  });

  it("gets a picker entry, a draft and a form with its field", async () => {
    const store = createAppStore({ persist: false });
    store.getState().draftActions.selectMethod(extra.name);
    const { bodyText, valuesByMethod } = store.getState();
    expect(JSON.parse(bodyText)).toMatchObject({ method: extra.name, params: [extra.params[0].example] });
    const form = await html(
      <MethodForm def={getMethod(extra.name)!} values={valuesByMethod[extra.name]!} onChange={() => {}} />,
    );
    expect(form).toContain(`aria-label="${extra.name} params"`);
    expect(form).toContain("Transaction hash");
    expect(form).toContain(extra.params[0].example);
  });

  it("is in the editor's schema, with the spec's description", () => {
    const text = JSON.stringify(anyRequestSchema(methodsForChain("evm")));
    expect(text).toContain("The hash of the transaction (32 bytes).");
    expect(text).toContain(`"const":"${extra.name}"`);
  });

  it("is sent as the app sends, in canonical form, to the network's address only", async () => {
    const text = `{"jsonrpc":"2.0","id":7,"method":"${extra.name}","params":["${extra.params[0].example}"]}`;
    const plan = planSend(text, "evm");
    expect(plan.problems).toEqual([]);
    expect(plan.canonical).toEqual(JSON.parse(text));
    expect(planSend(text.replace(/0xab04/, "0xzz04"), "evm").problems).not.toEqual([]);

    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ ...recorded.response, id: 7 }),
    );
    vi.stubGlobal("fetch", fetch);
    const vars = {
      network: mainnet,
      apiKey: KEY,
      transport: "http" as const,
      body: plan.body,
      timeoutMs: 5000,
    };
    const answer = await sendOnce(vars, new AbortController().signal);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(`${mainnet.base_url}/v3/${KEY}`);
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual(plan.body);
    expect(answer).toMatchObject({ kind: "result", result: recorded.response.result });

    // The view: the transaction view, not the generic JSON of a method without one.
    const view = await html(<AnswerView sent={{ ...vars, answer }} />);
    const shown = view.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(shown).toContain("Transaction 0 of block 150,793");
    expect(shown).toContain("Type EIP-1559 (0x2)");
    expect(shown).toContain("Gas and fees");
    expect(view).not.toContain('data-testid="generic-view"');
  });

  it("takes its examples from a live network's sample", () => {
    const sample: EvmSample = {
      kind: "evm",
      block: { number: "0x10", hash: H(16), stateRoot: null, transactions: 1 },
      tx: { index: "0x0", hash: H(99), from: mainnet.id, to: null, calls: false },
      contract: null,
      transfer: null,
      notes: [],
    };
    expect(withNetworkExamples(extra, sample, []).params[0]!.example).toBe(H(99));
  });

  it("is run, judged and passed by the QA run, with params from the sample", async () => {
    const chain = fakeChain();
    const run = await runQa(
      [{ id: "A", network: { ...mainnet, chainId: 1 }, keySource: "typed", send: chain.send }],
      { transports: ["http"], methods: methodsForChain },
    );
    const row = run.targets[0]!.rows.find((r) => r.method === extra.name);
    expect(row).toMatchObject({ status: "pass", reason: "matches the spec's shape" });
    expect(row!.params).toEqual([run.sample?.kind === "evm" ? run.sample.tx?.hash : "none"]);
  });

  it("gets snippets in every language, the key redacted", () => {
    const request = { jsonrpc: "2.0" as const, id: 1, method: extra.name, params: [extra.params[0].example] };
    const snippets = allSnippets({
      network: mainnet,
      request,
      apiKey: KEY,
      revealKey: false,
      transport: "http",
    });
    for (const s of snippets) {
      if (!("code" in s)) continue;
      expect(s.code).toContain(extra.name);
      expect(s.code).not.toContain(KEY);
    }
  });

  it("travels in a share link", () => {
    const link = encodeShare({
      network: mainnet.id,
      method: extra.name,
      params: [extra.params[0].example],
      transport: "ws",
    });
    const decoded = decodeShare(link);
    expect(decoded.ok).toBe(true);
    const plan = decoded.ok && resolveShare(decoded.value, { networks: CATALOG, newId: () => "x" });
    expect(plan).toMatchObject({ ok: true, value: { method: extra.name, network: { id: mainnet.id } } });
  });

  it("is forwarded by the devnet gateway, its params checked by their kinds", () => {
    expect(checkEvmParams(extra.name, [extra.params[0].example])).toMatchObject({ ok: true });
    expect(checkEvmParams(extra.name, ["0x12"])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/param 1 \(transaction hash\) must be a 32-byte hex hash/),
    });
  });
});
