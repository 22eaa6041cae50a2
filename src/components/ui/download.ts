/** Saves text (or a Blob made of it) as a file through the browser's download (no server round trip). */
export function downloadText(fileName: string, text: string | Blob, type = "application/json"): void {
  const url = URL.createObjectURL(typeof text === "string" ? new Blob([text], { type }) : text);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  // Kept a while: a browser may read a big file from the address after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Why a file could not be made or saved, for the sentence beside its button: running out of memory
 * (a string or buffer too big for the tab) in words, an error's own message otherwise. Never the
 * value's `String()`, which can throw (an object whose `toString` is not a function).
 */
export function describeDownloadError(e: unknown): string {
  if (e instanceof RangeError)
    return "the file is too big for this tab to make (it ran out of memory for it).";
  if (e instanceof DOMException && e.name === "QuotaExceededError")
    return "the browser has no room for the file.";
  if (e instanceof Error && e.message !== "") return e.message;
  return "the browser gave no reason.";
}
