/**
 * Why the network's sample could not be read, in one line (never the address or the key: see
 * rpc/display.ts). Its own chunk with the error texts, loaded by ExamplesNote.tsx when a sample
 * fails: not part of the first screen.
 */
import { toErrorDisplay } from "../../rpc/display.ts";
import { RpcClientError } from "../../rpc/errors.ts";

export function reasonOf(error: unknown): string {
  if (error instanceof Error && !(error instanceof RpcClientError) && error.name !== "AbortError")
    return trimStop(error.message);
  const d = toErrorDisplay(error);
  return trimStop(d.detail ? `${trimStop(d.title)}: ${d.detail}` : d.title);
}

const trimStop = (s: string) => s.trim().replace(/\.+$/, "");
