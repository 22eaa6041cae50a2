/**
 * What the app's `import { z } from "zod/mini"` resolves to (vite.config.ts aliases "zod/mini"
 * here; this file imports the real one as zod/v4/mini): zod's functional API, configured before
 * any schema can parse. An alias, not an import in main.tsx: the bundler evaluates shared chunks
 * (where schemas parse at load) before the entry's own code. scripts/import-boundaries.test.ts
 * keeps every other zod entry point out of src/.
 *
 * - zod/mini, not the classic `zod`: a classic schema carries every method (JSON Schema export
 *   included) on its prototype, so all of zod is bundled; with functions, only those the schemas
 *   call are (docs/decisions.md, "zod/mini").
 * - `jitless`: classic objects compile validators with `new Function` and probe for it at the
 *   first parse; under the app's Content-Security-Policy (no 'unsafe-eval') that probe is reported
 *   as a violation. zod/mini's objects have no such path; the flag keeps it so.
 * - English messages: zod/mini loads no locale (every issue would read "Invalid input"), and the
 *   history import, the ABI check and the embed's replies to its host show zod's own words
 *   ("method: Invalid input: expected string, received number"). The English locale costs about
 *   1 KB gzip, as the classic API loaded it.
 * - No memoizer (the classic API installs one): it only lets a recursive schema (the ABI's `param`)
 *   parse a value that refers to itself, and what the app parses with one comes from JSON.parse.
 */
import en from "zod/v4/locales/en.js";
import { config } from "zod/v4/mini";

config({ jitless: true, ...en() });

export * from "zod/v4/mini";
