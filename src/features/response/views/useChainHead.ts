import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { afterNextPaint } from "../../../chain/next-task.ts";
import { type Connection, chainHeadQueryOptions } from "./view-queries.ts";

/**
 * The chain's head for the network an answer came from, when `wanted` (undefined until it is known,
 * or when the node does not say): a view asks only when it shows a block that may be the head. A
 * head already known is given at once; one to ask for is asked after the view's first frame is
 * painted, since the question's start (its observer, its request put on the wire) ran in the task
 * that drew the answer's first rows (6-12% of that task in traces of the 16 MB block).
 */
export function useChainHead(conn: Connection, wanted: boolean): bigint | undefined {
  const painted = usePainted(wanted);
  return useQuery({ ...chainHeadQueryOptions(conn), enabled: wanted && painted }).data;
}

/** False until the frame after this component's first wanted render is painted, then true. */
function usePainted(wanted: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !wanted) return;
    let live = true;
    void afterNextPaint().then(() => {
      if (live) setPainted(true);
    });
    return () => {
      live = false;
    };
  }, [painted, wanted]);
  return painted;
}
