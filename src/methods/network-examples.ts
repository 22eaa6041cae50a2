/**
 * A method's completion examples on a network that is not the devnet: the network's own sample
 * first, then the values of its well-known contracts (src/networks/examples), in place of the
 * devnet's hashes and contracts, which do not exist there. Block tags stay (every network has
 * them). The editor's schema offers the result as completions (param-kinds' `snippets`).
 */
import type { KnownContract } from "../networks/known-contracts.ts";
import { type NetworkSample, sampleValues } from "./network-sample.ts";
import type { FieldValue, MethodDef, ParamDef } from "./types.ts";

const isHex = (v: FieldValue) => typeof v === "string" && /^0x/i.test(v);

/** What the network's known contracts offer one param of a method (its definition's `sample.known`). */
function knownValues(def: MethodDef, p: ParamDef, known: readonly KnownContract[]): FieldValue[] {
  switch (def.sample.known?.[p.name]) {
    case "address":
      return known.map((c) => c.address);
    case "slot":
      return known.flatMap((c) => c.slots.map((s) => s.slot));
    case "slots":
      return known.map((c) => c.slots.map((s) => s.slot));
    default:
      return [];
  }
}

/** The def with each param's examples taken from the network where it has some; unchanged otherwise. */
export function withNetworkExamples(
  def: MethodDef,
  sample: NetworkSample | null,
  known: readonly KnownContract[],
): MethodDef {
  const fromSample = sample ? sampleValues(def, sample) : null;
  const params = def.params.map((p): ParamDef => {
    const own = fromSample?.[p.name];
    const values = [...(own === undefined ? [] : [own]), ...knownValues(def, p, known)];
    if (values.length === 0) return p;
    // The devnet's numbers and hashes go; tags and flags (not hex) stay.
    const kept = [p.example, ...(p.examples ?? [])].filter((v) => !isHex(v) && !Array.isArray(v));
    const unique = [...new Map([...values, ...kept].map((v) => [JSON.stringify(v), v])).values()];
    const [example, ...examples] = unique as [FieldValue, ...FieldValue[]];
    return { ...p, example, examples };
  });
  return { ...def, params };
}
