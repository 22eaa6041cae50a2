/**
 * `npx tsx scripts/trace-tasks.ts <trace.json> [min ms]`: the tasks of a trace the bench recorded
 * (BENCH_TRACE, scripts/bench.ts), for finding where a send's time goes without DevTools' UI. For
 * the page's main thread and each worker: every task of at least `min` ms (default 4) from the
 * first to the last, its start (ms from the first task), its length and what it held (events of
 * a millisecond or more, nested by one level: a function's garbage collections, layouts, a
 * message's handler), then each thread's totals by event name.
 */
import { readFileSync } from "node:fs";

type TraceEvent = {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};

const [file, minArg] = process.argv.slice(2);
if (!file) throw new Error("usage: trace-tasks.ts <trace.json> [min ms]");
const min = Number(minArg ?? 4);
const trace = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] };
const events = trace.traceEvents;

const names = new Map<string, string>();
for (const e of events)
  if (e.ph === "M" && e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, String(e.args?.name));
const wanted = [...names].filter(([, n]) => n === "CrRendererMain" || /Worker/.test(n));
const complete = events.filter((e) => e.ph === "X" && typeof e.dur === "number");
// A task is a top-level RunTask (a ThreadControllerImpl::RunTask of the same length sits inside it).
const isTask = (e: TraceEvent) => e.name === "RunTask";
/** Events that only wrap a task (as long as it), left out of what a task held. */
const WRAPPER = /^(ThreadControllerImpl::RunTask|Receive mojo message|SimpleWatcher::OnHandleReady)$/;
/** The page's performance marks (the bench's "bench t0" and "bench painted"), in time order. */
const marks = events
  .filter((e) => e.cat?.includes("user_timing") && (e.ph === "R" || e.ph === "I" || e.ph === "n"))
  .sort((a, b) => a.ts - b.ts);
// Times count from the bench's t0 (the Send's click) where the trace has one, else the first task.
const start =
  marks.find((m) => m.name === "bench t0")?.ts ??
  complete.reduce((m, e) => (isTask(e) ? Math.min(m, e.ts) : m), Number.POSITIVE_INFINITY);

/** An event's label: its name and what says which one (a function's name, an event's type). */
function label(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const what = d.functionName || d.type || d.url || d.name || "";
  return what ? `${e.name}(${String(what).replace(/^.*\//, "").slice(0, 40)})` : e.name;
}

const ms = (us: number) => (us / 1000).toFixed(1);

for (const [key, thread] of wanted) {
  const own = complete.filter((e) => `${e.pid}:${e.tid}` === key).sort((a, b) => a.ts - b.ts);
  const tasks = own.filter(isTask);
  if (tasks.length === 0) continue;
  const busy = tasks.reduce((s, t) => s + (t.dur ?? 0), 0);
  console.log(`\n== ${thread} (${key}): ${tasks.length} tasks, ${ms(busy)} ms busy`);
  // The page's marks, each listed before the first task after it (and the rest at the end).
  const pending = thread === "CrRendererMain" ? [...marks] : [];
  const marksUntil = (ts: number) => {
    for (let m = pending[0]; m !== undefined && m.ts <= ts; m = pending[0]) {
      pending.shift();
      console.log(`  @${ms(m.ts - start)} mark: ${m.name}`);
    }
  };
  for (const t of tasks) {
    marksUntil(t.ts);
    if ((t.dur ?? 0) < min * 1000) continue;
    const end = t.ts + (t.dur ?? 0);
    const inside = own.filter(
      (e) => e !== t && !WRAPPER.test(e.name) && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end,
    );
    const top = inside.filter(
      (e) =>
        !inside.some(
          (p) => p !== e && p.ts <= e.ts && p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0) && p.dur !== e.dur,
        ),
    );
    const parts = top
      .filter((e) => (e.dur ?? 0) >= 1000)
      .map((e) => {
        const kids = inside
          .filter((k) => k !== e && k.ts >= e.ts && k.ts + (k.dur ?? 0) <= e.ts + (e.dur ?? 0))
          .filter(
            (k) =>
              (k.dur ?? 0) >= 1000 && /GC|Layout|Paint|Parse|Compile|compile|FunctionCall|Style/.test(k.name),
          );
        const sub = kids.length ? ` [${kids.map((k) => `${label(k)} ${ms(k.dur ?? 0)}`).join(", ")}]` : "";
        return `${label(e)} ${ms(e.dur ?? 0)}${sub}`;
      });
    console.log(`  @${ms(t.ts - start)} ${ms(t.dur ?? 0)} ms: ${parts.join("; ")}`);
  }
  marksUntil(Number.POSITIVE_INFINITY);
  const totals = new Map<string, number>();
  for (const e of own)
    if (!isTask(e) && e.name !== "ThreadControllerImpl::RunTask")
      totals.set(e.name, (totals.get(e.name) ?? 0) + (e.dur ?? 0));
  const biggest = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 14);
  console.log(`  totals: ${biggest.map(([n, d]) => `${n} ${ms(d)}`).join(", ")}`);
}
