import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// A render that threw and then succeeded when React retried it is said with what it threw (React's
// own message names only "an error during concurrent rendering"), so the cause can be found.
createRoot(root, {
  onRecoverableError: (error, info) =>
    console.error(error, error instanceof Error ? error.cause : undefined, info.componentStack ?? ""),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
