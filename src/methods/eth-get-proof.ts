import { blockParam } from "./common-params.ts";
import { DEVNET } from "./devnet-examples.ts";
import type { MethodDef } from "./types.ts";

export const ethGetProof = {
  name: "eth_getProof",
  chain: "evm",
  summary: "An account's values and storage values, with Merkle proofs.",
  paramsShape: "array",
  params: [
    {
      name: "address",
      label: "Address",
      kind: "address",
      required: true,
      description: "The account's address (20 bytes).",
      example: DEVNET.store,
      examples: [DEVNET.deployer],
    },
    {
      name: "storageKeys",
      label: "Storage keys",
      kind: "storageKeys",
      required: true,
      description: "The storage keys to prove (32 bytes each); may be empty.",
      example: ["0x0", DEVNET.mappingPositionDeployer],
      examples: [[]],
    },
    blockParam("Block", "latest"),
  ],
  result: {
    kind: "proof",
    nullable: false,
    description:
      "The account (balance, nonce, codeHash, storageHash) with its accountProof, and one storage proof per key.",
  },
  sample: {
    values: (s) =>
      s.kind === "evm" && s.contract
        ? { address: s.contract.address, storageKeys: [s.contract.slot], block: s.block.number }
        : null,
    lacking: "the sample found no contract with a non-empty storage slot",
    known: { address: "address", storageKeys: "slots" },
  },
} as const satisfies MethodDef;
