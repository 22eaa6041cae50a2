/**
 * Monaco in steps, each its own idle task. Evaluating Monaco's code in one go is a 150 ms task,
 * and creating the first editor another 90 ms: a keystroke or click in that moment waits. Each
 * step below imports a larger part of Monaco's module graph; the bundler puts what a step adds
 * into its own chunks (a module goes with the first step that reaches it), so each import
 * evaluates only the new part, 5 to 30 ms. Between steps the page idles, so input goes first.
 * Then the theme service is made (its icons' and colours' CSS), the other services started, the
 * theme's colours put in the page and the font measured, each in its own task, before
 * monaco-mount.ts makes the model and the editor. The order follows Monaco's own imports (base,
 * widgets, model, editor view, editor widget, services, API, the hover feature, the other
 * features), so no module runs before what it needs.
 */
import { loadOnce } from "../../../chain/load-once.ts";
import { whenIdle } from "../../../chain/next-task.ts";

export type Loaded = typeof import("./monaco.ts");

const STEPS = [
  () => import("./steps/1-base.ts"),
  () => import("./steps/2-widgets.ts"),
  () => import("./steps/3-model.ts"),
  () => import("./steps/4-view.ts"),
  () => import("./steps/5-widget.ts"),
  () => import("./steps/6-ui.ts"),
  () => import("./steps/7-services.ts"),
  () => import("./steps/8-api.ts"),
  () => import("./steps/9-hover.ts"),
];

/** Resolves when the page next idles (at the latest after `timeoutMs`). */
export function nextIdle(timeoutMs = 500): Promise<void> {
  return new Promise((resolve) => {
    whenIdle(resolve, timeoutMs);
  });
}

/**
 * Monaco with its services started; one load per page, shared by every editor. A failed load (a
 * chunk that did not arrive) may be tried again by the next editor.
 */
export const loadMonaco: () => Promise<Loaded> = loadOnce(async () => {
  for (const step of STEPS) {
    await step();
    await nextIdle();
  }
  const loaded = await import("./monaco.ts");
  await nextIdle();
  const theme = loaded.makeThemeService();
  await nextIdle();
  loaded.startServices(theme);
  await nextIdle();
  loaded.addThemeStyles();
  await nextIdle();
  loaded.measureFonts();
  await nextIdle();
  return loaded;
}).get;
