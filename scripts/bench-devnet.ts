/**
 * The bench's devnet in a process of its own (scripts/bench.ts starts it): the gateway's work (a
 * 16 MB synthetic block made and sent, 40 MB of receipts) would otherwise hold up the bench's own
 * event loop, and with it the keys it types every 25 ms. Prints one JSON line (the devnet's key,
 * manifest and app config) once it is up; stops when its parent closes its stdin or sends SIGTERM.
 */
import { startDevnet } from "../devnet/devnet.ts";

const devnet = await startDevnet({ port: 0, quiet: true, synthetic: true });
const { key, manifest, appConfig } = devnet;
process.stdout.write(`${JSON.stringify({ key, manifest, appConfig })}\n`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void devnet.stop().then(() => process.exit(0));
};
process.stdin.on("end", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
