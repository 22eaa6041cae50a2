import { blockParam } from "./common-params.ts";
import { DEVNET } from "./devnet-examples.ts";
import type { MethodDef } from "./types.ts";

export const ethGetStorageAt = {
  name: "eth_getStorageAt",
  chain: "evm",
  summary: "The value at a storage position of an address.",
  paramsShape: "array",
  params: [
    {
      name: "address",
      label: "Address",
      kind: "address",
      required: true,
      description: "The address of the storage (20 bytes).",
      example: DEVNET.store,
      examples: [DEVNET.token],
    },
    {
      name: "position",
      label: "Storage position",
      kind: "quantity",
      required: true,
      description:
        "For a simple variable, its slot index as a hex quantity (slot zero is `0x0`). For a mapping element, keccak256 of the key left-padded to 32 bytes followed by the mapping's slot left-padded to 32 bytes.",
      example: "0x0",
      examples: [DEVNET.mappingPositionDeployer],
    },
    blockParam("Block", "latest", ["0x4", "earliest"]),
  ],
  result: {
    kind: "storageWord",
    nullable: false,
    description: "The value at this position, left-padded to 32 bytes.",
  },
  sample: {
    values: (s) =>
      s.kind === "evm" && s.contract
        ? { address: s.contract.address, position: s.contract.slot, block: s.block.number }
        : null,
    lacking: "the sample found no contract with a non-empty storage slot",
    known: { address: "address", position: "slot" },
  },
} as const satisfies MethodDef;
