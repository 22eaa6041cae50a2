import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageChunkGroups, SRC, staticGraph } from "./static-graph.ts";

/**
 * What the first screen loads: the modules reachable from the entry and the playground shell by
 * static imports (a dynamic `import()` is a chunk loaded later). The answer's code, the views and
 * their decoders, the proof code, the History and QA tabs and Monaco must stay behind a dynamic
 * import, so a cold load fetches none of them before Send is usable (docs/architecture.md); so must
 * what waits for a click or for idle time (dialogs, the stored ABIs' checker, ...).
 */
const ROOTS = ["main.tsx", "app/playground/Playground.tsx"];

function firstScreen(): { files: Set<string>; packages: Set<string> } {
  const { files, packages } = staticGraph(ROOTS);
  return { files: new Set([...files].map((f) => path.relative(SRC, f))), packages };
}

describe("the first screen's module graph", () => {
  const { files, packages } = firstScreen();

  it("reaches the request panel and Send (the walk itself works)", () => {
    expect(files).toContain("features/request/RequestPanel.tsx");
    expect(files).toContain("features/request/editor/BodyEditor.tsx");
    expect(files).toContain("features/response/ResponsePanel.tsx");
  });

  it("does not statically import Monaco, nor the editor's Monaco side (monaco-*.ts: its mount, keys, sync)", () => {
    expect([...packages].filter((p) => p.startsWith("monaco-editor"))).toEqual([]);
    expect([...files].filter((f) => f.startsWith("features/request/editor/monaco"))).toEqual([]);
  });

  it("does not statically import the answer, the views, their decoders or the proof code", () => {
    const answerCode = [
      "features/response/AnswerView.tsx",
      "features/response/views/all-views.ts",
      "chain/proof.ts",
      "chain/names.ts",
      "chain/signatures.ts",
      "chain/revert.ts",
      "chain/receipts.ts",
      "chain/block.ts",
    ];
    expect(answerCode.filter((f) => files.has(f))).toEqual([]);
    expect(
      [...packages].filter((p) => p.startsWith("@ethereumjs/mpt") || p.startsWith("@noble/curves")),
    ).toEqual([]);
  });

  it("does not statically import the History and QA tabs", () => {
    expect([...files].filter((f) => f.startsWith("features/qa/"))).toEqual([]);
    expect(files).not.toContain("features/history/HistoryPanel.tsx");
  });

  it("does not statically import the ABIs dialog or the checker of the stored ABIs", () => {
    const later = ["features/response/names/AbisDialog.tsx", "chain/abi-file.ts", "state/abi-storage.ts"];
    expect(later.filter((f) => files.has(f))).toEqual([]);
  });

  it("does not statically import the custom network editor or the shortcut sheet", () => {
    const later = ["features/network/CustomNetworkEditor.tsx", "features/shortcuts/ShortcutsSheet.tsx"];
    expect(later.filter((f) => files.has(f))).toEqual([]);
  });

  it("does not statically import the share popover or a Radix primitive (the Share button is on it)", () => {
    expect(files).toContain("features/share/ShareButton.tsx");
    const later = ["features/share/SharePanel.tsx", "components/ui/Popover.tsx", "components/ui/Dialog.tsx"];
    expect(later.filter((f) => files.has(f))).toEqual([]);
    expect([...packages].filter((p) => p.startsWith("@radix-ui/"))).toEqual([]);
  });

  it("does not statically import zod: reading an address, share links and the network schema load later", () => {
    const later = [
      "features/share/read-address.ts",
      "features/share/apply-share-link.ts",
      "networks/network-schema.ts",
    ];
    expect(later.filter((f) => files.has(f))).toEqual([]);
    expect([...packages].filter((p) => p === "zod" || p.startsWith("zod/"))).toEqual([]);
  });

  it("does not statically import the slot calculator, the other methods' fields or the editor's schema", () => {
    const later = [
      "features/request/SlotCalculator.tsx",
      "features/request/slot-calculator.ts",
      "features/request/fields/object-fields.ts",
      "features/request/fields/CallObjectField.tsx",
      "features/request/fields/StateOverrideField.tsx",
      "features/request/fields/BlockOverrideField.tsx",
      "features/request/fields/StorageKeysField.tsx",
      "features/request/fields/StarknetBlockIdField.tsx",
      // Written in Monaco's chunk when it binds the schema; the draft only says which.
      "methods/schema.ts",
    ];
    expect(later.filter((f) => files.has(f))).toEqual([]);
  });

  it("does not statically import the history's entries, store or database (loaded to keep an entry)", () => {
    const later = [
      "features/history/history-entry.ts",
      "features/history/history-store.ts",
      "features/history/history-db.ts",
      "features/history/history-io.ts",
      "features/history/history-import.ts",
      "features/history/history-import-read.ts",
      "features/history/history-secrets.ts",
    ];
    expect(later.filter((f) => files.has(f))).toEqual([]);
  });

  it("does not statically import the error texts (only needed to show a failure)", () => {
    const later = [
      "rpc/display.ts",
      "rpc/error-codes.ts",
      "features/response/Failure.tsx",
      "features/response/ErrorNoticeView.tsx",
      "features/request/examples-reason.ts",
    ];
    expect(later.filter((f) => files.has(f))).toEqual([]);
  });

  it("does not statically import the snippets tab (it renders once loaded, under the answer)", () => {
    expect([...files].filter((f) => f.startsWith("features/snippets/"))).toEqual([]);
  });

  it("does not statically import the field decoders or RLP (the send path shares only isRecord)", () => {
    const later = ["chain/field.ts", "chain/hexdata.ts", "chain/time.ts"];
    expect(later.filter((f) => files.has(f))).toEqual([]);
    expect([...packages].filter((p) => p.startsWith("@ethereumjs/rlp"))).toEqual([]);
  });

  it("does not statically import the examples of networks other than the devnet (known contracts, sample)", () => {
    const later = [
      "features/request/remote-examples.ts",
      "networks/known-contracts.ts",
      "methods/network-sample.ts",
      "methods/network-examples.ts",
    ];
    expect(later.filter((f) => files.has(f))).toEqual([]);
  });

  it("does not statically import the WebSocket client (HTTP is the default; it loads when chosen)", () => {
    expect(files).not.toContain("rpc/ws.ts");
  });

  it("groups the pages' chunks: every first-screen module is in one group, lazy code in none", () => {
    const groups = pageChunkGroups();
    const inGroups = (f: string) => groups.filter((g) => g.test(path.join(SRC, f))).length;
    expect([...files].filter((f) => inGroups(f) !== 1)).toEqual([]);
    expect(inGroups("features/response/AnswerView.tsx")).toBe(0);
    expect(inGroups("features/request/editor/monaco.ts")).toBe(0);
  });
});
