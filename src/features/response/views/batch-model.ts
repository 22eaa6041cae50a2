import { isRecord } from "../../../chain/field.ts";
import type { Resumable } from "../../../chain/lazy-rows.ts";
import { type BatchMatch, batchMatcher, type UnmatchedAnswer } from "../../../rpc/batch.ts";
import { idLabel } from "../../../rpc/raw-request.ts";
import type { ParsedResponse } from "../../../rpc/response.ts";
import type { JsonRpcId } from "../../../rpc/types.ts";

/** One request of a sent batch, with the answer matched to it by id. */
export type BatchItem = {
  index: number;
  id: JsonRpcId | undefined;
  /** The method it names ("" when none), and its params as sent. */
  method: string;
  params: unknown[] | Record<string, unknown>;
  answer: ParsedResponse | undefined;
  duplicates: number;
  /** The tab's name: "2. eth_getBlockByNumber". */
  label: string;
};

export type BatchModel = {
  items: BatchItem[];
  /** The first answers matching no request (up to `keepUnmatched`), and how many there are. */
  unmatched: UnmatchedAnswer[];
  unmatchedCount: number;
  /** One line for people: how many were answered, missing, unmatched. */
  summary: string;
};

/**
 * A batch's answer read against the batch as it was sent (its text): each request with the answer
 * whose id matches (rpc/batch.ts), and what is missing or answers nothing. Pure; in steps, a few
 * milliseconds each (a view of 100,000 answers).
 */
export function batchModelSteps(
  sentText: string,
  ids: readonly (JsonRpcId | undefined)[],
  answers: readonly unknown[],
  keepUnmatched = Number.POSITIVE_INFINITY,
): Resumable<BatchModel> {
  const matcher = batchMatcher(ids, answers, keepUnmatched);
  let model: BatchModel | null = null;
  return {
    run(more) {
      if (model) return model;
      const match = matcher.run(more);
      if (match) model = modelOf(sentText, match);
      return model;
    },
  };
}

function modelOf(sentText: string, match: BatchMatch): BatchModel {
  let requests: unknown[] = [];
  try {
    const json: unknown = JSON.parse(sentText);
    if (Array.isArray(json)) requests = json;
  } catch {
    // Sent as a batch, so it was an array; an unreadable text leaves the requests nameless.
  }
  const items = match.items.map((m): BatchItem => {
    const r = requests[m.index];
    const method = isRecord(r) && typeof r.method === "string" ? r.method : "";
    const params =
      isRecord(r) && typeof r.params === "object" && r.params !== null ? (r.params as unknown[]) : [];
    return {
      ...m,
      method,
      params,
      label: `${m.index + 1}. ${method || `id ${idLabel(m.id)}`}`,
    };
  });
  const missing = items.filter((i) => !i.answer).length;
  const answered = items.length - missing;
  const parts = [`${answered} of ${items.length} request${items.length === 1 ? "" : "s"} answered`];
  if (missing) parts.push(`${missing} without an answer`);
  const stray = match.unmatchedCount;
  if (stray) parts.push(`${stray} answer${stray === 1 ? "" : "s"} matching no request`);
  return { items, unmatched: match.unmatched, unmatchedCount: stray, summary: `${parts.join(", ")}.` };
}
