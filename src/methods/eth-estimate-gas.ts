import { DEVNET } from "./devnet-examples.ts";
import type { MethodDef } from "./types.ts";

/** An address with nothing on the devnet (nor, most likely, anywhere): a state override gives it a balance. */
const EMPTY_ACCOUNT = "0x00000000000000000000000000000000000000e1";

export const ethEstimateGas = {
  name: "eth_estimateGas",
  chain: "evm",
  summary:
    "An estimate of the gas a transaction needs. The transaction is not added to the chain; a REVERT comes back as error code 3.",
  paramsShape: "array",
  params: [
    {
      name: "call",
      label: "Transaction call object",
      kind: "callObject",
      required: true,
      description:
        "The transaction to estimate. When `gas` is not given, the node uses the pending block's gas limit as the upper bound.",
      example: { from: DEVNET.deployer, to: DEVNET.alice, value: "0xde0b6b3a7640000" },
      examples: [{ from: DEVNET.deployer, to: DEVNET.reverter, data: DEVNET.revertData }],
    },
    {
      name: "block",
      label: "Block",
      kind: "blockParam",
      required: false,
      description:
        "Block number or tag to estimate against. Sent only when set: providers accept the call object alone. When an override is set and the block is not, it goes as null, the node's default block.",
      example: "",
      examples: ["latest", "pending"],
    },
    {
      name: "stateOverride",
      label: "State override",
      kind: "stateOverride",
      required: false,
      beyondSpec: "accepted by geth, Erigon, Nethermind, Reth",
      description:
        "Accounts to change for this estimate only, by address: balance, nonce, code, and storage (state replaces all of it, stateDiff changes some slots). The estimate is then not what the chain would charge.",
      example: { accounts: [] },
      examples: [
        { accounts: [{ address: EMPTY_ACCOUNT, balance: "0x56bc75e2d63100000" }] },
        {
          accounts: [
            {
              address: DEVNET.store,
              stateDiff: [{ slot: `0x${"0".repeat(64)}`, value: `0x${"0".repeat(62)}2a` }],
            },
          ],
        },
      ],
    },
    {
      name: "blockOverride",
      label: "Block override",
      kind: "blockOverride",
      required: false,
      beyondSpec: "accepted by recent geth, Erigon, Nethermind, Reth",
      description:
        "Fields of the block the estimate runs in: number, time, gasLimit, feeRecipient, prevRandao, baseFeePerGas, blobBaseFee. Accepted by geth since 1.15 and Reth since 2.3; older nodes refuse a fourth param. When only this is set, the state override goes as {}.",
      example: {},
      examples: [{ baseFeePerGas: "0x0" }, { number: "0x100", time: "0x70000000" }],
    },
  ],
  result: {
    kind: "gasEstimate",
    nullable: false,
    description:
      "The estimated gas, as a hex quantity. It may be considerably higher than the gas actually used.",
  },
  sample: {
    values: (s) =>
      s.kind === "evm" && s.transfer
        ? { call: { from: s.transfer.from, to: s.transfer.to, value: s.transfer.value }, block: "" }
        : null,
    lacking: "the sample found no sender for a plain transfer",
  },
} as const satisfies MethodDef;
