/**
 * What the app's `import … from "zod"` resolves to (vite.config.ts aliases "zod" here): zod itself,
 * configured before any schema can parse. Zod's fast path compiles validators with `new Function`
 * and probes for it at the first parse; under the app's Content-Security-Policy (no
 * 'unsafe-eval') that probe is reported as a violation, so the plain path is used. An alias, not
 * an import in main.tsx: the bundler evaluates shared chunks (where schemas parse at load) before
 * the entry's own code.
 */
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
