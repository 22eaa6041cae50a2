import { type ReactNode, use, useState } from "react";

/**
 * The pages render once the provider's file is read (or known absent, or late: app/provider-config.ts),
 * so every store starts from its defaults. What is wrong in the file is named here, above the page;
 * the rest of the file applies.
 */
export function ProviderSettingsGate({ load, children }: { load: Promise<string[]>; children: ReactNode }) {
  const problems = use(load);
  const [dismissed, setDismissed] = useState(false);
  if (problems.length === 0 || dismissed) return children;
  return (
    <div className="flex h-full flex-col">
      <section
        role="alert"
        aria-label="Problems in the provider's settings"
        className="max-h-[40vh] shrink-0 overflow-auto border-b border-bad bg-bad-bg px-4 py-2 text-sm"
      >
        <p className="font-semibold text-bad">
          This site's settings file has problems. What they name is left out; everything else works.
        </p>
        <ul className="mt-1 list-disc pl-5">
          {problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, read once
            <li key={i}>{p}</li>
          ))}
        </ul>
        <button type="button" className="mt-1 text-link underline" onClick={() => setDismissed(true)}>
          Hide these messages
        </button>
      </section>
      <div className="min-h-0 flex-1">{children}</div>
    </div>
  );
}
