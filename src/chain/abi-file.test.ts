import type { Abi } from "viem";
import { describe, expect, it } from "vitest";
import artifacts from "../../devnet/contracts/artifacts.json";
import { abisFileText, checkAbiJson, parseAbiAddress, parseAbisFile, parseAbiText } from "./abi-file.ts";

const reverterAbi = (artifacts as unknown as { contracts: Record<string, { abi: unknown }> }).contracts
  .Reverter?.abi;

describe("a pasted ABI", () => {
  it("accepts the devnet Reverter's compiled ABI and says what it holds", () => {
    const r = parseAbiText(JSON.stringify(reverterAbi));
    expect(r).toMatchObject({ ok: true, counts: "4 functions, 0 events, 1 error" });
  });

  it("accepts an artifact with an abi field, and human-readable signatures", () => {
    expect(parseAbiText(JSON.stringify({ abi: reverterAbi, bytecode: "0x" })).ok).toBe(true);
    const hr = parseAbiText('["event ValueSet(uint256 value)", "function setValue(uint256 newValue)"]');
    expect(hr).toMatchObject({ ok: true, counts: "1 function, 1 event, 0 errors" });
  });

  it("says what is wrong: not JSON, not an array, a bad item, a bad type, nothing to name with", () => {
    const err = (t: string) => {
      const r = parseAbiText(t);
      return r.ok ? "" : r.error;
    };
    expect(err("")).toMatch(/Paste/);
    expect(err("{nope")).toMatch(/^This is not JSON/);
    expect(err('{"a": 1}')).toMatch(/JSON array/);
    expect(err('[{"type": "event", "name": "X", "inputs": [{"name": "a"}]}]')).toMatch(
      /^Item 1 is not an ABI item at "inputs.0.type"/,
    );
    expect(err('[{"type": "event", "name": "X", "inputs": [{"type": "uint257"}]}]')).toMatch(
      /^Item 1 \(event X\) has a type that is not a Solidity type/,
    );
    expect(err('[{"type": "constructor", "inputs": []}]')).toMatch(/no function, event or error/);
    expect(err('["function nope("]')).toMatch(/^These signatures do not parse/);
    expect(err(`[${'"x",'.repeat(200_000)}"x"]`)).toMatch(/at most 512 KiB/);
  });

  it("keeps only functions, events and errors", () => {
    const r = checkAbiJson([
      { type: "constructor", inputs: [] },
      { type: "event", name: "E", inputs: [] },
    ]);
    expect(r.ok && r.abi.map((i) => i.type)).toEqual(["event"]);
  });
});

describe("an address for an ABI", () => {
  it("is checksummed, and a wrong one says why", () => {
    expect(parseAbiAddress(" 0xe7f1725e7734ce288f8367e1bb143e90bb3f0512 ")).toEqual({
      ok: true,
      address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    });
    expect(parseAbiAddress("0x123")).toMatchObject({
      ok: false,
      error: "An address is 0x and 40 hex digits.",
    });
  });
});

describe("the export file", () => {
  const entry = {
    address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    label: "Reverter",
    abi: (checkAbiJson(reverterAbi) as { ok: true; abi: Abi }).abi,
  };

  it("round-trips", () => {
    expect(parseAbisFile(abisFileText([entry]))).toEqual({ ok: true, abis: [entry] });
  });

  it("refuses what is not an export, too big, or holds a bad entry, and says which", () => {
    expect(parseAbisFile("nope")).toEqual({ ok: false, error: "The file is not JSON." });
    expect(parseAbisFile('{"format": "other"}')).toMatchObject({ ok: false, error: /Not an ABI export/ });
    expect(parseAbisFile("x".repeat(4 * 1024 * 1024 + 1))).toMatchObject({ ok: false, error: /4 MiB/ });
    const bad = JSON.parse(abisFileText([entry]));
    bad.abis.push({ address: "0x1", abi: [] });
    expect(parseAbisFile(JSON.stringify(bad))).toMatchObject({ ok: false, error: /^ABI 2: An address/ });
    bad.abis[1] = { address: entry.address, abi: [{ type: "event", name: "E", inputs: [{ type: "nope" }] }] };
    expect(parseAbisFile(JSON.stringify(bad))).toMatchObject({ ok: false, error: /^ABI 2 \(0xe7f1/ });
    const many = {
      format: "rpc-playground-abis",
      version: 1,
      abis: Array.from({ length: 201 }, () => entry),
    };
    expect(parseAbisFile(JSON.stringify(many))).toMatchObject({ ok: false, error: /at most 200/ });
  });
});
