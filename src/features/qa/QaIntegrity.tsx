import type { QaRun } from "./qa-run.ts";

/** The receipts check of a run: each check against the block, or why it could not run. */
export function QaIntegrity({ integrity }: { integrity: NonNullable<QaRun["integrity"]> }) {
  return (
    <div data-testid="qa-integrity">
      <h3 className="font-semibold">Block {integrity.block}: receipts against the block</h3>
      {"error" in integrity ? (
        <p className="text-bad">Could not check: {integrity.error}</p>
      ) : (
        <ul>
          {integrity.checks.map((c) => (
            <li key={c.check}>
              <span className={c.ok ? "text-ok" : "text-bad"}>{c.ok ? "pass" : "fail"}</span>: {c.check}:{" "}
              <span className="text-fg-muted">{c.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
