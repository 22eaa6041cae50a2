// The failed tests named in the suites' JSON reports (Vitest's and Playwright's), for the lines
// `npm test` prints after every suite's output.

/** The first line of a failure's message, without the terminal's colour codes. */
function firstLine(message) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a colour code
  const plain = String(message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  return (
    plain
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim()
      .slice(0, 300) ?? ""
  );
}

/** "file › test name: first line of the error" for each failed test of Vitest's JSON report. */
export function vitestFailures(report, root = process.cwd()) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? "").replace(`${root}/`, "");
    for (const t of file.assertionResults ?? []) {
      if (t.status === "failed") out.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === "failed")
      out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

/** "file:line › title: first line of the error" for each test of Playwright's JSON report that failed every try. */
export function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const last = t.results?.at(-1);
        const title = [...titles, spec.title].join(" › ");
        out.push(
          `${spec.file}:${spec.line} › ${title}: ${firstLine(last?.error?.message ?? last?.errors?.[0]?.message)}`,
        );
      }
    }
    // The top suites are the files (their specs say the file); the ones within are describe blocks.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const s of report.suites ?? []) walk(s, []);
  return out;
}
