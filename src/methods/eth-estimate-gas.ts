import { DEVNET } from "./devnet-examples.ts";
import type { MethodDef } from "./types.ts";

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
        "Block number or tag to estimate against. Sent only when set: providers accept the call object alone.",
      example: "",
      examples: ["latest", "pending"],
    },
  ],
  result: {
    kind: "gasEstimate",
    nullable: false,
    description:
      "The estimated gas, as a hex quantity. It may be considerably higher than the gas actually used.",
  },
} as const satisfies MethodDef;
