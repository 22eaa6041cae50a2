import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadPage, routeOf } from "./app/App.tsx";
import { loadProviderConfig } from "./app/provider-config.ts";
import { fulfilled } from "./components/ui/preloadable.tsx";
import "./index.css";

/** How long the first render waits for the provider's file and the page's chunk at the most. */
const FIRST_RENDER_WAIT_MS = 500;

// The provider's settings file and the page's chunk load side by side; the page renders with both.
const settings = loadProviderConfig();
const page = preloadPage(routeOf(window.location));
/** The file's problems once read, as a fulfilled promise `use` reads at once (no turn suspended). */
let settled: Promise<string[]> | undefined;
void settings.then((problems) => {
  settled = fulfilled(problems);
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
let rendered = false;
/**
 * The first render waits for both (at most FIRST_RENDER_WAIT_MS): its first paint is then the page
 * itself, not a "Loading…" that React keeps on screen for at least 300 ms before the page replaces
 * it, with the page's first render and layout as a long task after the first paint.
 */
const render = () => {
  if (rendered) return;
  rendered = true;
  // A render that threw and then succeeded when React retried it is said with what it threw (React's
  // own message names only "an error during concurrent rendering"), so the cause can be found.
  createRoot(root, {
    onRecoverableError: (error, info) =>
      console.error(error, error instanceof Error ? error.cause : undefined, info.componentStack ?? ""),
  }).render(
    <StrictMode>
      <App settings={settled ?? settings} />
    </StrictMode>,
  );
};
void Promise.all([settings, page]).then(render);
// Timer: a slow file or chunk shows "Loading…" (the page's Suspense) from then on.
setTimeout(render, FIRST_RENDER_WAIT_MS);
