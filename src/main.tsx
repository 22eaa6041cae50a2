import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadPage, routeOf } from "./app/App.tsx";
import { loadProviderConfig } from "./app/provider-config.ts";
import "./index.css";

// The provider's settings file and the page's chunk load side by side; the page renders with both.
const settings = loadProviderConfig();
preloadPage(routeOf(window.location));

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// A render that threw and then succeeded when React retried it is said with what it threw (React's
// own message names only "an error during concurrent rendering"), so the cause can be found.
createRoot(root, {
  onRecoverableError: (error, info) =>
    console.error(error, error instanceof Error ? error.cause : undefined, info.componentStack ?? ""),
}).render(
  <StrictMode>
    <App settings={settings} />
  </StrictMode>,
);
