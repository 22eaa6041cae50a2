import type { Resumable } from "../chain/lazy-rows.ts";
import { idKey, idLabel } from "./raw-request.ts";
import { type ParsedResponse, toParsedResponse } from "./response.ts";
import type { JsonRpcId } from "./types.ts";

/** One request of a batch and the answer matched to it, if any. */
type BatchItemMatch = {
  /** The request's place in the batch (0-based). */
  index: number;
  /** Its id as the node reads it; undefined when the node cannot read one. */
  id: JsonRpcId | undefined;
  answer: ParsedResponse | undefined;
  /** More answers that carried the same id (after the one matched). */
  duplicates: number;
};

/** An answer element that answers no request of the batch, and why. */
export type UnmatchedAnswer = { index: number; value: unknown; why: string };

export type BatchMatch = {
  items: BatchItemMatch[];
  /** The first `keepUnmatched` answers matching no request (all of them by default), in order. */
  unmatched: UnmatchedAnswer[];
  /** How many answers match no request, kept or not. */
  unmatchedCount: number;
};

/**
 * Matches the elements of a batch's answer to its requests by id (JSON-RPC 2.0 lets a node answer
 * a batch in any order). A number or string id goes to the request with the same id ("1" is not 1;
 * with duplicate ids, to the first still unanswered). An answer with id null goes to the first
 * unanswered request whose id the node could not read (or that sent null itself). Whatever is left
 * is called out: requests without an answer, answers that name no request, and second answers to
 * an id already answered (duplicates). In steps: a view matches 100,000 answers a few milliseconds
 * at a time, so no task of the page grows with the answer. The first call does at least one
 * answer. `keepUnmatched`: a view shows a few, the rest are only counted (100,000 stray answers
 * make no objects).
 */
export function batchMatcher(
  ids: readonly (JsonRpcId | undefined)[],
  answers: readonly unknown[],
  keepUnmatched = Number.POSITIVE_INFINITY,
): Resumable<BatchMatch> {
  const items: BatchItemMatch[] = ids.map((id, index) => ({ index, id, answer: undefined, duplicates: 0 }));
  const byKey = new Map<string, BatchItemMatch[]>();
  const nullable: BatchItemMatch[] = [];
  for (const item of items) {
    const key = idKey(item.id);
    if (key === undefined) nullable.push(item);
    else byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  const kept: UnmatchedAnswer[] = [];
  let unmatchedCount = 0;
  const setAside = (index: number, value: unknown, why: () => string) => {
    unmatchedCount += 1;
    if (kept.length < keepUnmatched) kept.push({ index, value, why: why() });
  };
  const take = (value: unknown, index: number) => {
    const answer = toParsedResponse(value);
    if (!answer) {
      setAside(index, value, () => "not a JSON-RPC response (no result, no error object)");
      return;
    }
    const key = idKey(answer.id);
    const candidates = key !== undefined ? byKey.get(key) : answer.id === null ? nullable : undefined;
    if (!candidates) {
      setAside(index, value, () => `no request in the batch has id ${idLabel(answer.id)}`);
      return;
    }
    const open = candidates.find((c) => c.answer === undefined);
    if (open) {
      open.answer = answer;
      return;
    }
    const first = candidates[0];
    if (first) first.duplicates += 1;
    setAside(index, value, () =>
      answer.id === null
        ? "id null, and every request the node could not read has an answer already"
        : `a second answer to id ${idLabel(answer.id)}`,
    );
  };
  let next = 0;
  let done: BatchMatch | null = null;
  return {
    run(more) {
      while (!done && next < answers.length) {
        take(answers[next], next);
        next += 1;
        // Asking the clock costs as much as a match: every 64th.
        if ((next & 63) === 0 && !more()) return null;
      }
      done ??= { items, unmatched: kept, unmatchedCount };
      return done;
    },
  };
}
