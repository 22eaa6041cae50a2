import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  addLoopbackNetwork,
  expect,
  openPlayground,
  replaceBody,
  response,
  sendButton,
  test,
} from "./fixtures.ts";
import { startLoopbackNode } from "./loopback-node.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * Real answers that mainnet and Starknet nodes gave (test/fixtures), replayed by a tiny node
 * on loopback: a group's address answers any request with the fixture being replayed (the id
 * rewritten to the request's). Every one must render in its view without an error.
 */
const root = resolve(import.meta.dirname, "../test/fixtures");
type Fixture = {
  name: string;
  kind: "evm" | "starknet";
  request: { method: string; params: unknown };
  response: unknown;
};

function load(): Fixture[] {
  const mainnet = readdirSync(`${root}/mainnet`)
    .filter((f) => f.endsWith(".json"))
    .map((f) => {
      const { request, response } = JSON.parse(readFileSync(`${root}/mainnet/${f}`, "utf8"));
      return { name: f.replace(/\.json$/, ""), kind: "evm" as const, request, response };
    });
  const starknet = readdirSync(`${root}/starknet`)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({
      name: f.replace(/\.json$/, ""),
      kind: "starknet" as const,
      request: { method: "starknet_getBlockWithTxHashes", params: { block_id: "latest" } },
      response: { jsonrpc: "2.0", id: 1, result: JSON.parse(readFileSync(`${root}/starknet/${f}`, "utf8")) },
    }));
  return [...mainnet, ...starknet, ...SPEC_SHAPED];
}

const h = (byte: string) => `0x${byte.repeat(32)}`;
const header = {
  difficulty: "0x0",
  extraData: "0x",
  gasLimit: "0x1c9c380",
  gasUsed: "0x5208",
  miner: "0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5",
  mixHash: h("11"),
  parentHash: h("22"),
  receiptsRoot: h("33"),
  sha3Uncles: "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347",
  size: "0x220",
  stateRoot: h("44"),
  timestamp: "0x6553f100",
  transactionsRoot: h("55"),
  uncles: [],
};

/**
 * Answers shaped exactly as the spec's tables, for what neither the devnet nor the real fixtures
 * hold: an uncle with totalDifficulty null, a pending block (null hash, number, nonce, logsBloom)
 * and a pending transaction (null blockHash, blockNumber, transactionIndex).
 */
const SPEC_SHAPED: Fixture[] = [
  {
    name: "spec.uncle",
    kind: "evm",
    request: { method: "eth_getUncleByBlockNumberAndIndex", params: ["0xc5043f", "0x0"] },
    response: {
      jsonrpc: "2.0",
      id: 1,
      result: {
        ...header,
        hash: h("66"),
        logsBloom: `0x${"00".repeat(256)}`,
        nonce: "0x0000000000000042",
        number: "0xc5043e",
        totalDifficulty: null,
      },
    },
  },
  {
    name: "spec.pending-block",
    kind: "evm",
    request: { method: "eth_getBlockByNumber", params: ["pending", false] },
    response: {
      jsonrpc: "2.0",
      id: 1,
      result: {
        ...header,
        hash: null,
        logsBloom: null,
        nonce: null,
        number: null,
        totalDifficulty: "0xc70d815d562d3cfa955",
        transactions: [h("77")],
      },
    },
  },
  {
    name: "spec.pending-transaction",
    kind: "evm",
    request: { method: "eth_getTransactionByBlockHashAndIndex", params: [h("88"), "0x0"] },
    response: {
      jsonrpc: "2.0",
      id: 1,
      result: {
        accessList: [],
        blockHash: null,
        blockNumber: null,
        chainId: "0x1",
        from: "0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5",
        gas: "0x5208",
        gasPrice: "0x3b9aca00",
        hash: h("99"),
        input: "0x",
        maxFeePerGas: "0x77359400",
        maxPriorityFeePerGas: "0x3b9aca00",
        nonce: "0x7",
        r: h("aa"),
        s: h("bb"),
        to: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
        transactionIndex: null,
        type: "0x2",
        v: "0x1",
        value: "0xde0b6b3a7640000",
        yParity: "0x1",
      },
    },
  },
];

const FIXTURES = load();
let node: Awaited<ReturnType<typeof startLoopbackNode>>;
let base = "";
/** The fixture each group's address answers with now (a test sends its group's fixtures in turn). */
const current = new Map<string, Fixture>();

test.beforeAll(async () => {
  node = await startLoopbackNode((path, request) => {
    const fx = current.get(decodeURIComponent(path.split("/")[2] ?? ""));
    return fx ? JSON.stringify({ ...(fx.response as object), id: request.id }) : undefined;
  });
  base = node.base;
});

test.afterAll(() => node.close());

/** The fixture's request as it was sent (eth_estimateGas's state overrides included), bad keys aside. */
function sendableParams(fx: Fixture): unknown {
  let params = fx.request.params;
  // eth_getProof.26 asks for 0x9A65…bF7, whose mixed case fails its EIP-55 checksum: the form
  // refuses it (the node did not care), so the replay sends it in lower case.
  if (fx.name === "eth_getProof.26") params = [(params as string[])[0]?.toLowerCase(), [], "0x16a2de6"];
  if (fx.name === "eth_getStorageAt.09")
    params = ["0x8cED5ad0d8dA4Ec211C17355Ed3DBFEC4Cf0E5b9", "0x0", "latest"];
  return params;
}

/**
 * Fixtures of one chain kind, replayed in turn in one page (opening a page and adding a network per
 * fixture cost more than the replays): each send has its own id, so each answer is told apart.
 */
const GROUP_SIZE = 12;
const groups: { name: string; kind: Fixture["kind"]; fixtures: Fixture[] }[] = [];
for (const kind of ["evm", "starknet"] as const) {
  const ofKind = FIXTURES.filter((f) => f.kind === kind);
  // Groups of a kind as even as they can be, none over GROUP_SIZE (15 make 8 and 7, not 12 and 3).
  const count = Math.ceil(ofKind.length / GROUP_SIZE);
  for (let g = 0; g < count; g++) {
    const fixtures = ofKind.slice(
      Math.round((g * ofKind.length) / count),
      Math.round(((g + 1) * ofKind.length) / count),
    );
    groups.push({ name: `${kind}-${groups.length + 1}`, kind, fixtures });
  }
}

for (const group of groups) {
  const names = group.fixtures.map((f) => f.name).join(", ");
  test(`real answers render in their views: ${names}`, async ({ page, consoleErrors }) => {
    // The address answers from the start: the network's own reads (examples, chain head) come first.
    current.set(group.name, group.fixtures[0] as Fixture);
    await openPlayground(page);
    await addLoopbackNetwork(page, `Replay ${group.name}`, `${base}/fx/${group.name}`, group.kind);
    await page.getByLabel("API key").fill("fixture-key");
    let id = 100;
    for (const fx of group.fixtures) {
      id += 1;
      await test.step(fx.name, async () => {
        current.set(group.name, fx);
        const sent = page.waitForRequest((r) => {
          if (r.method() !== "POST" || !r.url().includes(`/fx/${group.name}`)) return false;
          return (r.postDataJSON() as { id?: unknown }).id === id; // views' own reads have ids >= 1e9
        });
        await page.getByRole("combobox", { name: "Method" }).selectOption(fx.request.method);
        const body = { jsonrpc: "2.0", id, method: fx.request.method, params: sendableParams(fx) };
        await replaceBody(page, JSON.stringify(body));
        await sendButton(page).click();
        // What went out is what the fixture's node was asked: an override is sent, not cut.
        expect((await sent).postDataJSON().params).toEqual(sendableParams(fx));
        const region = response(page);
        // This send's answer, not the one before it: the details name its id.
        await expect(region.getByLabel("Answer details")).toContainText(new RegExp(`id${id}(?!\\d)`));
        const r = fx.response as { result?: unknown; error?: { code: number; message: string } };
        if (r.error) {
          const alert = region.getByRole("alert");
          await expect(alert).toContainText(`code ${r.error.code}`);
          await expect(alert).toContainText(r.error.message.slice(0, 30));
        } else if (r.result === null) {
          await expect(region.getByRole("status")).toContainText("Not found");
        } else {
          await expect(region.getByRole("tab", { name: "View" })).toHaveAttribute("aria-selected", "true");
          const panel = region.getByRole("tabpanel");
          await expect(panel).not.toBeEmpty();
          await expect(panel).not.toContainText("Could not show this result");
          await expect(panel.getByRole("region", { name: "Problems in the answer" })).toHaveCount(0);
          for (const text of EXPECT[fx.name] ?? []) await expect(panel).toContainText(text);
        }
      });
    }
    expect(consoleErrors).toEqual([]);
  });
}

/** A few decoded values per fixture, computed by hand from the raw answers. */
const EXPECT: Record<string, (string | RegExp)[]> = {
  "eth_getBlockByNumber.01": [/4,306,300/],
  "eth_getBlockByNumber.12": ["1970-01-01 00:00:00 UTC", "0 transactions"],
  "eth_getBlockReceipts.01": [/root/i],
  "eth_getStorageAt.01": [/uint256/],
  // Calldata named by the bundled table (a custom network: no known tokens, amounts stay integers).
  "eth_getTransactionByBlockHashAndIndex.03": [
    "transfer(address recipient, uint256 amount)",
    "2,678,710,000",
  ],
  "eth_getTransactionByBlockHashAndIndex.04": ["Decoded input", "is not in the bundled table"],
  "confirmed_with_tx_hashes.v0_9": ["ACCEPTED_ON_L2", /1,833,241|1833241/],
  "preconfirmed_with_tx_hashes.v0_9": ["PRE_CONFIRMED", /1,833,173|1833173/],
  // Spec 0.10's commitments, as hex felts (never 76-digit decimals).
  "confirmed_with_tx_hashes.v0_10": ["Event commitment", "Receipt commitment", /0x[0-9a-f]{4}…/],
  "spec.uncle": ["Uncle", "12,911,678"],
  "spec.pending-block": ["pending"],
  // A custom network without a chain id: its coin is not guessed.
  "spec.pending-transaction": ["pending", "EIP-1559", "1 (native coin)"],
};
