import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import solc from "solc";
import { z } from "zod";

/**
 * Compiles the devnet's Solidity sources (devnet/contracts/*.sol) with the `solc` npm package
 * (solc-js, offline) and writes devnet/contracts/artifacts.json, the bytecode the seed step deploys.
 *
 *   npx tsx devnet/contracts/build.ts          # rewrite artifacts.json
 *   npx tsx devnet/contracts/build.ts --check  # exit 1 when artifacts.json is not what the source gives
 *
 * artifacts.test.ts recompiles and compares, so the committed bytecode cannot drift from its source.
 */

const CONTRACTS_DIR = fileURLToPath(new URL(".", import.meta.url));
export const ARTIFACTS_PATH = fileURLToPath(new URL("./artifacts.json", import.meta.url));

/**
 * Compiler settings. `evmVersion` "cancun" runs on Anvil's pinned hardfork (prague, see anvil.ts).
 * No metadata is appended to the bytecode, so that the bytecode depends only on the source's
 * meaning, not on its bytes (line endings, comments).
 */
export const COMPILER_SETTINGS = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  metadata: { appendCBOR: false, bytecodeHash: "none" },
} as const;

export interface ContractArtifact {
  /** The source file, relative to devnet/contracts. */
  source: string;
  /** The ABI as solc emits it (JSON). */
  abi: unknown[];
  /** Creation code (constructor arguments not included), 0x-prefixed. */
  bytecode: `0x${string}`;
  /** Runtime code, what eth_getCode returns once deployed, 0x-prefixed. */
  deployedBytecode: `0x${string}`;
}

export interface Artifacts {
  /** solc's version string, e.g. "0.8.37+commit.f401782d.Emscripten.clang". */
  compiler: string;
  settings: typeof COMPILER_SETTINGS;
  /** By contract name (Store, Reverter, Token). */
  contracts: Record<string, ContractArtifact>;
}

const hex = z.string().regex(/^[0-9a-fA-F]*$/);
const solcOutput = z.object({
  errors: z.array(z.object({ severity: z.string(), formattedMessage: z.string() }).loose()).optional(),
  contracts: z
    .record(
      z.string(),
      z.record(
        z.string(),
        z.object({
          abi: z.array(z.unknown()),
          evm: z.object({
            bytecode: z.object({ object: hex }),
            deployedBytecode: z.object({ object: hex }),
          }),
        }),
      ),
    )
    .default({}),
});

/** The .sol files of devnet/contracts, sorted by name. */
export function contractSources(): Record<string, string> {
  const files = readdirSync(CONTRACTS_DIR)
    .filter((f) => f.endsWith(".sol"))
    .sort();
  return Object.fromEntries(files.map((f) => [f, readFileSync(`${CONTRACTS_DIR}/${f}`, "utf8")]));
}

/** Compiles every source; throws with solc's messages on any error. */
export function compileContracts(sources: Record<string, string> = contractSources()): Artifacts {
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: {
      ...COMPILER_SETTINGS,
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
    },
  };
  const raw: unknown = JSON.parse(solc.compile(JSON.stringify(input)) as string);
  const output = solcOutput.parse(raw);
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  }
  const contracts: Record<string, ContractArtifact> = {};
  for (const [source, byName] of Object.entries(output.contracts)) {
    for (const [name, c] of Object.entries(byName)) {
      if (contracts[name]) throw new Error(`Two contracts named ${name}`);
      contracts[name] = {
        source,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
    }
  }
  return { compiler: String(solc.version()), settings: COMPILER_SETTINGS, contracts };
}

/** The JSON text written to artifacts.json (stable: sorted contract names, 2-space indent). */
export function serializeArtifacts(artifacts: Artifacts): string {
  const contracts = Object.fromEntries(
    Object.keys(artifacts.contracts)
      .sort()
      .map((name) => [name, artifacts.contracts[name]]),
  );
  return `${JSON.stringify({ ...artifacts, contracts }, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = serializeArtifacts(compileContracts());
  if (process.argv.includes("--check")) {
    const same = readFileSync(ARTIFACTS_PATH, "utf8") === text;
    console.log(
      same ? "artifacts.json is up to date" : "artifacts.json differs from the source: run build.ts",
    );
    process.exit(same ? 0 : 1);
  }
  writeFileSync(ARTIFACTS_PATH, text);
  console.log(`wrote ${ARTIFACTS_PATH}`);
}
