import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  addLoopbackNetwork,
  bodyText,
  expect,
  openPlayground,
  openStarknetDevnet,
  response,
  sendAnswered,
  sendButton,
  test,
} from "./fixtures.ts";
import { startLoopbackNode } from "./loopback-node.ts";

// This spec's subject is not the editor: the body in the plain text box (fixtures.ts, plainEditor).
test.use({ plainEditor: true });

/**
 * Every chain family, read as its own users read it: real answers of its nodes
 * (test/fixtures/<family>/) replayed by a node on loopback, behind a custom network with the
 * chain's id (which brings the catalog's family, coin and explorer). Each family shows its
 * block, a transaction of each of its own types and its receipts, with its coin, its type names
 * and its fields, and no problem reported.
 */
const root = resolve(import.meta.dirname, "../test/fixtures");

type Step = {
  /** `<family>/<file>` of the answer replayed. */
  file: string;
  /** The method the app sends (the node answers the fixture whatever it is asked). */
  method: string;
  params: unknown;
  /** Texts the view shows. */
  shows: (string | RegExp)[];
  /** Open this receipt's details (its fee's parts and the family's fields) and expect these. */
  details?: { tx: number; shows: (string | RegExp)[] };
};

type Family = { family: string; chainId: number; explorer: string; steps: Step[] };

const BLOCK = "eth_getBlockByNumber";
const TX = "eth_getTransactionByBlockHashAndIndex";
const RECEIPTS = "eth_getBlockReceipts";
const H = `0x${"ab".repeat(32)}`;

const FAMILIES: Family[] = [
  {
    family: "op-stack",
    chainId: 8453,
    explorer: "Basescan",
    steps: [
      {
        file: "eth_getBlockByNumber.base-goerli-1041847-full-txs.json",
        method: BLOCK,
        params: ["0xfe5b7", true],
        shows: ["deposit (OP Stack, 0x7e)", "legacy", /\d ETH/, /gas used [\d.]+% of the limit/],
      },
      {
        file: "eth_getTransactionByHash.op-mainnet-deposit-l1info-ecotone.json",
        method: TX,
        params: [H, "0x0"],
        shows: ["deposit (OP Stack, 0x7e)", "OP Stack fields", "Source hash", "Deposit receipt version"],
      },
      {
        file: "eth_getBlockReceipts.base-goerli-1041847.json",
        method: RECEIPTS,
        params: ["0xfe5b7"],
        shows: ["deposit (OP Stack, 0x7e)", /ETH in fees/],
        details: {
          tx: 1,
          shows: ["L2 execution", "L1 data", "L1 data fee", "L1 fee scalar", "OP Stack fields"],
        },
      },
    ],
  },
  {
    family: "arbitrum",
    chainId: 42161,
    explorer: "Arbiscan",
    steps: [
      {
        file: "eth_getBlockByNumber.sepolia-0xb0a6c25-full-txs.json",
        method: BLOCK,
        params: ["0xb0a6c25", true],
        shows: [
          "Arbitrum internal (0x6a)",
          "Arbitrum fields",
          "Outbox send root",
          "L1 block number",
          /placeholder on Arbitrum/,
        ],
      },
      {
        file: "eth_getTransactionByHash.sepolia-internal-0x6a.json",
        method: TX,
        params: [H, "0x0"],
        shows: ["Arbitrum internal (0x6a)"],
      },
      {
        file: "eth_getBlockReceipts.sepolia-0xb0a6c25-gasUsedForL1.json",
        method: RECEIPTS,
        params: ["0xb0a6c25"],
        shows: ["Arbitrum internal (0x6a)", /ETH in fees/],
        details: { tx: 1, shows: ["L2 execution", "L1 data", "Gas used for L1", "Arbitrum fields"] },
      },
    ],
  },
  {
    family: "zksync",
    chainId: 324,
    explorer: "ZKsync Era Explorer",
    steps: [
      {
        file: "eth_getBlockByNumber.era-mainnet-30496030-hashes.json",
        method: BLOCK,
        params: ["0x1d1551e", false],
        shows: ["ZKsync fields", "L1 batch number", "L1 batch timestamp", /placeholder on ZKsync/],
      },
      {
        file: "eth_getTransactionByBlockNumberAndIndex.era-goerli-priority-0xff.json",
        method: TX,
        params: [H, "0x0"],
        shows: ["priority (L1 → L2) (ZKsync, 0xff)", "Index in L1 batch"],
      },
      {
        file: "eth_getTransactionReceipt.era-goerli-type0.json",
        method: RECEIPTS,
        params: ["latest"],
        shows: ["legacy"],
        details: { tx: 0, shows: ["L2-to-L1 logs", "L1 batch number", "pubdata"] },
      },
    ],
  },
  {
    family: "polygon-pos",
    chainId: 137,
    explorer: "Polygonscan",
    steps: [
      {
        file: "eth_getBlockByNumber.amoy-0x70b32a-full-txs-legacy-and-0x2.json",
        method: BLOCK,
        params: ["0x70b32a", true],
        shows: [/\d POL/, "EIP-1559", "legacy"],
      },
      {
        file: "eth_getTransactionByHash.mainnet-state-sync-tx-v-r-s-0x0.json",
        method: TX,
        params: [H, "0x0"],
        shows: ["state sync (Bor)", "0 POL"],
      },
      {
        file: "eth_getTransactionReceipt.mainnet-state-sync-tx-logs-0x1001.json",
        method: RECEIPTS,
        params: ["latest"],
        shows: ["state sync (Bor)"],
      },
    ],
  },
  {
    family: "bsc",
    chainId: 56,
    explorer: "BscScan",
    steps: [
      {
        file: "eth_getBlockByNumber.testnet-0x34e7d8c-full-txs-milliTimestamp-requestsHash-system-tx.json",
        method: BLOCK,
        params: ["0x34e7d8c", true],
        shows: ["system (Parlia)", "BNB Smart Chain fields", "Timestamp (ms)", /\d BNB/],
      },
      {
        file: "eth_getTransactionByHash.mainnet-system-tx-deposit-0x1000-gasprice-0.json",
        method: TX,
        params: [H, "0x0"],
        shows: ["system (Parlia)", /BNB/],
      },
      {
        file: "eth_getTransactionReceipt.mainnet-system-tx-deposit-0x1000-logs.json",
        method: RECEIPTS,
        params: ["latest"],
        shows: ["system (Parlia)", /BNB/],
      },
    ],
  },
  {
    family: "avalanche",
    chainId: 43114,
    explorer: "Snowtrace",
    steps: [
      {
        file: "eth_getBlockByNumber.mainnet-0x192827a-hashes-blockGasCost-nonzero.json",
        method: BLOCK,
        params: ["0x192827a", false],
        shows: ["Avalanche C-Chain fields", "Block gas cost", "Atomic data hash", "Atomic gas used"],
      },
      {
        file: "eth_getTransactionByHash.mainnet-eip1559-0x2-no-yParity.json",
        method: TX,
        params: [H, "0x0"],
        shows: ["EIP-1559", /AVAX/],
      },
      {
        file: "eth_getTransactionReceipt.mainnet-eip1559-approve-log.json",
        method: RECEIPTS,
        params: ["latest"],
        shows: [/AVAX/],
      },
    ],
  },
  {
    family: "celo",
    chainId: 42220,
    explorer: "Celoscan",
    steps: [
      {
        file: "eth_getBlockByNumber.alfajores-0x1b4-full-txs-celo-legacy-gatewayFee.json",
        method: BLOCK,
        params: ["0x1b4", true],
        shows: ["Celo fields", "Randomness", /CELO/],
      },
      {
        file: "eth_getTransactionByHash.mainnet-cip64-0x7b-feeCurrency-cast-rpc.json",
        method: TX,
        params: [H, "0x0"],
        shows: ["fee currency (CIP-64) (Celo, 0x7b)", "Celo fields", "Fee currency", /CELO/],
      },
      {
        file: "eth_getTransactionByHash.mainnet-cip42-0x7c-gatewayFeeRecipient.json",
        method: TX,
        params: [H, "0x0"],
        shows: [
          "fee currency (CIP-42, retired) (Celo, 0x7c)",
          "Gateway fee recipient",
          "not given (a dynamic-fee transaction)",
        ],
      },
      {
        file: "eth_getTransactionReceipt.mainnet-l1-legacy-failed-status-0x0.json",
        method: RECEIPTS,
        params: ["latest"],
        shows: ["failed", /CELO/],
      },
    ],
  },
  {
    family: "linea",
    chainId: 59144,
    explorer: "Lineascan",
    steps: [
      {
        file: "eth_getTransactionByHash.mainnet-type2.json",
        method: TX,
        params: [H, "0x0"],
        shows: ["EIP-1559", / ETH/],
      },
      {
        file: "eth_getTransactionReceipt.mainnet-type2.json",
        method: RECEIPTS,
        params: ["latest"],
        shows: ["EIP-1559", / ETH/],
        details: { tx: 0, shows: ["Linea prices its L1 data cost into the gas price"] },
      },
    ],
  },
  {
    family: "scroll",
    chainId: 534352,
    explorer: "Scrollscan",
    steps: [
      {
        file: "eth_getBlockByNumber.mainnet-genesis-0.json",
        method: BLOCK,
        params: ["0x0", false],
        shows: ["Block 0", "0 transactions"],
      },
      {
        file: "eth_getTransactionByHash.mainnet-l1message-0x7e.json",
        method: TX,
        params: [H, "0x0"],
        shows: ["L1 message (Scroll, 0x7e)", "Scroll fields", "L1 queue index", "L1 sender"],
      },
    ],
  },
];

let node: Awaited<ReturnType<typeof startLoopbackNode>>;
/** The answer each family's address gives the user's requests now (the views' own reads get an error). */
const current = new Map<string, unknown>();

test.beforeAll(async () => {
  node = await startLoopbackNode((path, request) => {
    const family = decodeURIComponent(path.split("/")[2] ?? "");
    const id = request.id;
    // The views' own reads (chain head, the receipts' block) have ids >= 1e9: not recorded here.
    if (typeof id !== "number" || id >= 1e9 || !current.has(family))
      return JSON.stringify({
        jsonrpc: "2.0",
        id,
        error: { code: -32601, message: "not recorded in this replay" },
      });
    return JSON.stringify({ jsonrpc: "2.0", id, result: current.get(family) });
  });
});

test.afterAll(() => node.close());

function answerOf(family: string, step: Step): unknown {
  const { response: r } = JSON.parse(readFileSync(`${root}/${family}/${step.file}`, "utf8"));
  // A single receipt is shown as the receipts of its block: a list of one.
  return step.method === RECEIPTS && !Array.isArray(r.result) ? [r.result] : r.result;
}

/**
 * The families one after another on one page, each on a network of its own (one page load instead
 * of nine: about 3 s of CPU each on 2 cores); each family's answers are a step of their own.
 */
test("each family: its block, its own transaction types and its receipts, in its own terms", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await openPlayground(page);
  // Every send's id is new on the page, so each step waits for its own answer, never the last one's.
  let id = 100;
  for (const f of FAMILIES) {
    await test.step(f.family, async () => {
      await addLoopbackNetwork(page, `Replay ${f.family}`, `${node.base}/fx/${f.family}`, "evm", f.chainId);
      await page.getByLabel("API key").fill("fixture-key");
      for (const step of f.steps) {
        id += 1;
        await test.step(step.file, async () => {
          current.set(f.family, answerOf(f.family, step));
          await sendAnswered(page, step.method, step.params, id);
          const panel = response(page).getByRole("tabpanel");
          await expect(panel).not.toContainText("Could not show this result");
          for (const text of step.shows) await expect(panel).toContainText(text);
          // No amount borrows Ethereum's coin on a chain whose coin is another.
          if (!["op-stack", "arbitrum", "zksync", "linea", "scroll"].includes(f.family))
            await expect(panel).not.toContainText(/\d ETH\b/);
          await expect(panel.getByRole("region", { name: "Problems in the answer" })).toHaveCount(0);
          if (step.method !== RECEIPTS) {
            const link = panel.getByRole("link", {
              name: new RegExp(`on ${f.explorer} \\(opens in a new tab\\)`),
            });
            await expect(link.first()).toHaveAttribute("target", "_blank");
          }
          if (step.details) {
            await panel
              .getByRole("button", { name: new RegExp(`(Logs|Details) of transaction ${step.details.tx}:`) })
              .click();
            const details = panel.getByRole("region", {
              name: new RegExp(`Fee and .* fields of transaction ${step.details.tx}$`),
            });
            for (const text of step.details.shows) await expect(details).toContainText(text);
          }
        });
      }
    });
  }
  expect(consoleErrors).toEqual([]);
});

test("starknet: spec 0.9's block ids are offered and answered, no 'Send anyway' asked", async ({
  page,
  consoleErrors,
}) => {
  await openStarknetDevnet(page);
  const region = response(page);
  await page.getByRole("radio", { name: /^pre_confirmed/ }).check();
  await expect.poll(() => bodyText(page)).toMatch(/"block_id":\s*"pre_confirmed"/);
  await sendButton(page).click();
  await expect(page.getByRole("button", { name: "Send anyway" })).toHaveCount(0);
  const panel = region.getByRole("tabpanel");
  await expect(panel).toContainText("pre-confirmed");
  await expect(panel.getByRole("region", { name: "Problems in the answer" })).toHaveCount(0);
  await page.getByRole("radio", { name: /^l1_accepted/ }).check();
  await sendButton(page).click();
  await expect(panel).toContainText("accepted on L1");
  await expect(panel.getByRole("link", { name: /on Voyager/ })).toHaveCount(0); // the devnet has no explorer
  expect(consoleErrors).toEqual([]);
});
