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
