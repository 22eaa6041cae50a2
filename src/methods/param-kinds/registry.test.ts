import { describe, expect, it } from "vitest";
import { fromWire, toWire } from "../param-types.ts";
import { METHODS } from "../registry.ts";
import type { ParamDef, ParamKind } from "../types.ts";
import { PARAM_KINDS } from "./registry.ts";
import { padStorageKey } from "./storage-keys.ts";

/** Every kind once: `satisfies` refuses a missing or an unknown one. */
const ALL_KINDS = {
  address: true,
  hash32: true,
  quantity: true,
  blockParam: true,
  blockParamOrDecimal: true,
  bool: true,
  storageKeys: true,
  callObject: true,
  starknetBlockId: true,
  stateOverride: true,
  blockOverride: true,
} as const satisfies Record<ParamKind, true>;

describe("the param kinds", () => {
  it("have a definition each, and no other", () => {
    expect(Object.keys(PARAM_KINDS).sort()).toEqual(Object.keys(ALL_KINDS).sort());
    for (const def of Object.values(PARAM_KINDS))
      for (const f of [def.empty, def.isEmpty, def.check, def.toWire, def.fromWire, def.schema])
        expect(f).toBeTypeOf("function");
  });
  it("give a fresh empty value each time, so editing one form leaves the next alone", () => {
    for (const def of Object.values(PARAM_KINDS)) {
      const a = def.empty();
      if (typeof a === "object") expect(def.empty()).not.toBe(a);
      expect(def.empty()).toEqual(a);
    }
  });
});

const examples = METHODS.flatMap((m) =>
  m.params.flatMap((p: ParamDef) =>
    [p.example, ...(p.examples ?? [])].map(
      (v) => [`${m.name} ${p.name} ${JSON.stringify(v)}`, p, v] as const,
    ),
  ),
);

describe.each(examples)("the example %s", (_name, p, v) => {
  it("comes back from its wire form as it was", () => {
    // Storage keys go on the wire padded to 32 bytes, and come back so.
    const expected = p.kind === "storageKeys" && Array.isArray(v) ? v.map(padStorageKey) : v;
    expect(fromWire(p, toWire(p, v))).toEqual({ ok: true, value: expected });
  });
});
