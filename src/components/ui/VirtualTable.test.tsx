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
  it("draws the rows that fill its box and one more, not the rows a scroll would reach", async () => {
    // 480 px of 28 px rows: rows 0-17 reach into the box, row 18 is the one more; the other rows
    // beyond its edge (the overscan) come in the next idle time, once the table is on screen.
    const rows = drawn(await firstRender(1000));
    expect(rows).toEqual(Array.from({ length: 19 }, (_, i) => i));
  });

  it("draws every row of a table shorter than its box", async () => {
    expect(drawn(await firstRender(5))).toEqual([0, 1, 2, 3, 4]);
  });
});
