/**
 * What the form says about where its examples came from (next to the form): asked of the chosen
 * network, being asked, could not be asked (no key), or could not be read (why). Pure: the hook
 * (useNetworkExamples.ts) gives it the state, the note component shows the text.
 */
import type { NetworkSample } from "../../methods/network-sample.ts";
import { getMethod } from "../../methods/registry.ts";

export type ExamplesState =
  /** The devnet's own examples, or the user's values: nothing to say. */
  | { status: "off" }
  | { status: "no-key"; network: string }
  | { status: "loading"; network: string }
  | { status: "error"; network: string; error: unknown }
  | {
      status: "ready";
      network: string;
      sample: NetworkSample;
      askedAt: number;
      method: string;
      /** The sample has values for this method (`sampleValues`, computed by the hook). */
      fits: boolean;
    };

export type ExamplesNote = { tone: "info" | "busy" | "bad"; text: string };

/** Why the sample could not be read, in one line: examples-reason.ts (a chunk with the error texts). */
export type ReasonOf = (error: unknown) => string;

/** A block number for people: 21,000,000. */
function blockLabel(sample: NetworkSample): string {
  return BigInt(sample.block.number).toLocaleString("en-US");
}

/** "just now" within a minute, then the minutes, then the time of day. */
export function askedWhen(askedAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - askedAt) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const d = new Date(askedAt);
  return `at ${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

/**
 * The note for `state` at `now`. A failure's note needs `reasonOf`, whose code (the error texts of
 * rpc/display.ts) is not part of the first screen: without it, no note yet.
 */
export function examplesNote(state: ExamplesState, now: number, reasonOf?: ReasonOf): ExamplesNote | null {
  switch (state.status) {
    case "off":
      return null;
    case "no-key":
      return { tone: "info", text: "Enter your key to get examples from this network." };
    case "loading":
      return { tone: "busy", text: `Looking up examples on ${state.network}…` };
    case "error":
      if (!reasonOf) return null;
      return {
        tone: "bad",
        text: `Could not read examples from ${state.network}: ${reasonOf(state.error)}. The fields keep their last values.`,
      };
    case "ready": {
      const { sample, method } = state;
      const head = `Examples from ${state.network}, block ${blockLabel(sample)} (asked ${askedWhen(state.askedAt, now)})`;
      if (!state.fits) {
        const why = sample.notes.length ? ` ${sample.notes.join(" ")}` : "";
        return {
          tone: "info",
          text: `${head}. None for ${method} there:${why || " the sample lacks what it needs."} The fields keep their last values.`,
        };
      }
      const contract =
        sample.kind === "evm" && sample.contract?.source === "known" && sample.contract.name
          ? `; the contract is ${sample.contract.name}, a well-known one`
          : "";
      const usesContract = getMethod(method)?.sample.known !== undefined;
      return { tone: "info", text: `${head}${usesContract ? contract : ""}.` };
    }
  }
}
