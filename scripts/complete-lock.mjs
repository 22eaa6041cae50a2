// Completes package-lock.json with the other platforms' optional packages (Biome's, Anvil's and
// Tailwind's native builds for macOS, Windows, musl…). The npm registry this project's machines
// reach serves only some platforms' builds, so `npm install` here leaves those entries out, and
// `npm ci` then refuses the lock as "not in sync". Each entry written says which os/cpu it is for,
// so npm skips it on every other machine and installs it (by name and version) on its own.
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["android", "darwin", "linux", "win32", "freebsd"];
const CPU = { arm64: "arm64", x64: "x64", amd64: "x64", arm: "arm", ia32: "ia32", wasm32: "wasm32" };

export function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  const entry = {};
  if (cpu) entry.cpu = [cpu];
  if (os) entry.os = [os];
  if (os === "linux") entry.libc = [parts.includes("musl") ? "musl" : "glibc"];
  return entry;
}

export function completeLock(lock) {
  const added = [];
  const packages = lock.packages;
  for (const [path, node] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(node.optionalDependencies ?? {})) {
      const nested = `${path}/node_modules/${name}`;
      const top = `node_modules/${name}`;
      if (packages[nested] || packages[top]) continue;
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) continue; // only exact versions can be written down
      const fields = { ...platformOf(name), ...(node.dev ? { dev: true } : {}), optional: true };
      // Keys in the order npm itself writes them, so a later `npm install` leaves the lock as it is.
      packages[top] = {
        version,
        ...Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1))),
      };
      added.push(`${name}@${version}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
  );
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
  const added = completeLock(lock);
  if (added.length) {
    writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`[setup] package-lock.json: added ${added.length} other-platform optional packages`);
  }
}
