import { z } from "zod/mini";

/**
 * Each catalog network's well-known contracts (src/networks/examples/<network id>.json): storage
 * slots known to be non-empty, for the storage and proof examples when the network's own recent
 * contracts hold nothing readable, and mappings (their base slot) for the slot calculator.
 */
const slotSchema = z.object({
  slot: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/)),
  what: z.string().check(z.minLength(1)),
});

/**
 * The key types of a mapping, outer first: chain/storage.ts's MappingKeyType, which the slot
 * calculator offers (its test checks the two lists agree; networks may not import chain).
 */
export const MAPPING_KEY_TYPES = ["address", "uint256", "int256", "bytes32", "bool", "string"] as const;

const mappingSchema = z.extend(slotSchema, {
  /** The mapping's key types, outer first (a nested mapping has more than one). */
  keys: z.optional(z.array(z.enum(MAPPING_KEY_TYPES)).check(z.minLength(1))),
});

export const knownContractsFileSchema = z.object({
  $comment: z.string().check(z.minLength(1)),
  contracts: z.array(
    z.object({
      name: z.string().check(z.minLength(1)),
      address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
      /** Tried in order: the first that holds a non-zero word is the example. */
      slots: z.array(slotSchema).check(z.minLength(1)),
      mappings: z.optional(z.array(mappingSchema)),
    }),
  ),
});

export type KnownContract = z.infer<typeof knownContractsFileSchema>["contracts"][number];

const files = import.meta.glob<unknown>("./examples/*.json", { eager: true, import: "default" });

const byNetwork = new Map<string, readonly KnownContract[]>(
  Object.entries(files).map(([path, json]) => [
    path.replace(/^.*\/([^/]+)\.json$/, "$1"),
    knownContractsFileSchema.parse(json).contracts,
  ]),
);

/** The well-known contracts of a catalog network (none for a network without a data file). */
export function knownContracts(networkId: string): readonly KnownContract[] {
  return byNetwork.get(networkId) ?? [];
}

/** The networks that have a data file (tests check each is a catalog network). */
export const networksWithKnownContracts = (): string[] => [...byNetwork.keys()];
