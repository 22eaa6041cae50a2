import { readFileSync } from "node:fs";
import solc from "solc";
import { describe, expect, it } from "vitest";
import { contractAbis } from "./abi.ts";
import {
  ARTIFACTS_PATH,
  type Artifacts,
  compileContracts,
  contractSources,
  serializeArtifacts,
} from "./build.ts";

/** An ABI item reduced to what defines its interface (solc adds internalType, anonymous: false...). */
function canonical(abi: readonly unknown[]): string[] {
  const param = (p: unknown): Record<string, unknown> => {
    const { type, name, indexed, components } = p as Record<string, unknown>;
    return {
      type,
      name: name || undefined,
      indexed: indexed || undefined,
      components: Array.isArray(components) ? components.map(param) : undefined,
    };
  };
  return abi
    .map((item) => {
      const { type, name, stateMutability, inputs, outputs, anonymous } = item as Record<string, unknown>;
      return JSON.stringify({
        type,
        name,
        stateMutability,
        anonymous: anonymous || undefined,
        inputs: ((inputs as unknown[] | undefined) ?? []).map(param),
        outputs: type === "function" ? ((outputs as unknown[] | undefined) ?? []).map(param) : undefined,
      });
    })
    .sort();
}

/** The committed bytecode is what the committed Solidity source compiles to. */
describe("devnet/contracts/artifacts.json", () => {
  const committedText = readFileSync(ARTIFACTS_PATH, "utf8");
  const committed = JSON.parse(committedText) as Artifacts;
  const compiled = compileContracts();

  it("has one artifact per contract of the sources, and the solc package's version", () => {
    expect(Object.keys(contractSources())).toEqual(["Reverter.sol", "Store.sol", "Token.sol"]);
    expect(Object.keys(committed.contracts).sort()).toEqual(["Reverter", "Store", "Token"]);
    expect(committed.compiler).toBe(solc.version());
    expect(committed.settings.evmVersion).toBe("cancun");
  });

  it.each(["Store", "Reverter", "Token"])(
    "%s: recompiling the source gives the committed bytecode and ABI",
    (name) => {
      expect(compiled.contracts[name]).toEqual(committed.contracts[name]);
      expect(compiled.contracts[name]?.bytecode.length).toBeGreaterThan(100);
    },
  );

  it("the whole file is byte for byte what build.ts writes", () => {
    expect(serializeArtifacts(compiled)).toBe(committedText);
  });

  it.each(["Store", "Reverter", "Token"] as const)("%s: the typed ABI in abi.ts is solc's ABI", (name) => {
    const fromSolc = canonical(committed.contracts[name]?.abi ?? []);
    expect(fromSolc.length).toBeGreaterThan(3);
    expect(canonical(contractAbis[name])).toEqual(fromSolc);
  });

  it("reports a compile error with solc's message", () => {
    expect(() =>
      compileContracts({ "Broken.sol": "pragma solidity ^0.8.0; contract B { function f( }" }),
    ).toThrow(/solc failed:[\s\S]*ParserError/);
  });
});
