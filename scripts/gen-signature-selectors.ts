/**
 * `npx tsx scripts/gen-signature-selectors.ts`: writes src/chain/signature-selectors.ts, the
 * selectors of the bundled signature table's entries (src/chain/signatures.ts), so the app does not
 * hash them at run time. A unit test (src/chain/names.test.ts) fails when they no longer match
 * (an entry added, viem's ABIs changed): run this again then.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SIGNATURE_GROUPS, selectorsOf } from "../src/chain/signatures.ts";

const selectors = selectorsOf(SIGNATURE_GROUPS);
const file = join(import.meta.dirname, "../src/chain/signature-selectors.ts");
writeFileSync(
  file,
  `// Written by scripts/gen-signature-selectors.ts: the selectors of the bundled signature table's
// entries (signatures.ts), in its order. Do not edit; run the script again when the entries change.
export const BUNDLED_SELECTORS: readonly string[] = ${JSON.stringify(selectors, null, 2)};
`,
);
console.log(`${selectors.length} selectors written to ${file}`);
