import { prerenderToNodeStream } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { VirtualTable } from "./VirtualTable.tsx";

/** The table's first render, as the page's first commit of it makes it (no effect has run). */
async function firstRender(count: number): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <VirtualTable
      label="Rows"
      columns={[{ label: "N", width: "4rem" }]}
      count={count}
      estimateSize={28}
      maxHeight={480}
      renderItem={(i) => (
        <tr>
          <td>row {i}</td>
        </tr>
      )}
    />,
  );
  let out = "";
  for await (const chunk of prelude) out += chunk;
  return out;
}

const drawn = (html: string) => [...html.matchAll(/data-index="(\d+)"/g)].map((m) => Number(m[1]));

describe("VirtualTable's first render", () => {
  it("draws the rows that fill the top quarter of its box and one more, not the rest nor the rows a scroll would reach", async () => {
    // 120 px (a quarter of 480) of 28 px rows: rows 0-4 reach into it, row 5 is the one more; the
    // rest of the box comes once its size is known (after the first frame's layout), the rows
    // beyond its edge (the overscan) in the next idle time.
    const rows = drawn(await firstRender(1000));
    expect(rows).toEqual(Array.from({ length: 6 }, (_, i) => i));
  });

  it("draws every row of a table shorter than its box", async () => {
    expect(drawn(await firstRender(5))).toEqual([0, 1, 2, 3, 4]);
  });
});
