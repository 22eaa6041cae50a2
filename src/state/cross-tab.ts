/**
 * Two tabs, one localStorage: each tab writes its whole persisted state, so without care a tab
 * that changes the theme writes back an old list of networks and loses the one another tab just
 * added. Changes are merged per field instead, three ways: what was stored before the other tab's
 * write (base), what it wrote (theirs), and this tab's state (ours).
 *
 * - The shared choices (custom networks, by id; transport, timeout, theme, editor; remembered keys, by key
 *   group) follow the other tab's changes at once (the `storage` event) and are merged again at
 *   write time, in case this tab writes before that event arrives.
 * - The tab's own work (the selected network, method and draft) is not pushed into other tabs; the
 *   last tab to write it is what a reload opens with.
 */
import type { Network } from "../networks/network.ts";

type SharedChoices = {
  customNetworks?: Network[];
  transport?: unknown;
  timeoutMs?: unknown;
  maxAnswerMiB?: unknown;
  theme?: unknown;
  editor?: unknown;
};

const SCALARS = ["transport", "timeoutMs", "maxAnswerMiB", "theme", "editor"] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function byId(list: readonly Network[] | undefined): Map<string, Network> {
  return new Map(
    (Array.isArray(list) ? list : []).filter((n) => n && typeof n.id === "string").map((n) => [n.id, n]),
  );
}

/**
 * What to change in `ours` so it carries the changes `theirs` made over `base`; an empty object
 * when they changed nothing shared. Where both changed the same field, theirs wins for a scalar
 * (it is the newer write) and ours is kept for a network this tab also edited.
 */
export function theirChanges(
  base: SharedChoices | undefined,
  theirs: SharedChoices,
  ours: Required<Pick<SharedChoices, "customNetworks">> & SharedChoices,
): Partial<SharedChoices> {
  const out: Partial<SharedChoices> = {};
  for (const f of SCALARS)
    if (f in theirs && !same(theirs[f], base?.[f]) && !same(theirs[f], ours[f])) out[f] = theirs[f];

  const b = byId(base?.customNetworks);
  const t = byId(theirs.customNetworks);
  if (!("customNetworks" in theirs)) return out;
  let list = [...ours.customNetworks];
  let changed = false;
  for (const [id, net] of t) {
    const before = b.get(id);
    const mine = list.find((n) => n.id === id);
    if (!before && !mine) {
      list.push(net); // added there
      changed = true;
    } else if (before && !same(before, net) && mine && same(mine, before)) {
      list = list.map((n) => (n.id === id ? net : n)); // edited there, untouched here
      changed = true;
    }
  }
  for (const id of b.keys())
    if (!t.has(id) && list.some((n) => n.id === id)) {
      list = list.filter((n) => n.id !== id); // removed there
      changed = true;
    }
  if (changed) out.customNetworks = list;
  return out;
}

/** Per key group: the keys another tab set, changed or removed (theirs over base) applied to ours. */
export function mergeKeys(
  base: Record<string, string> | undefined,
  theirs: Record<string, string> | undefined,
  ours: Record<string, string>,
): Record<string, string> | null {
  const b = base ?? {};
  const t = theirs ?? {};
  const out = { ...ours };
  let changed = false;
  for (const group of new Set([...Object.keys(b), ...Object.keys(t)])) {
    if (b[group] === t[group]) continue;
    if (t[group] === undefined) {
      if (group in out) {
        delete out[group];
        changed = true;
      }
    } else if (out[group] !== t[group]) {
      out[group] = t[group];
      changed = true;
    }
  }
  return changed ? out : null;
}

/** The `state` of a zustand persist record (`{"state": …, "version": 1}`), or undefined. */
export function persistedState(raw: string | null): SharedChoices | undefined {
  if (!raw) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    const state = typeof v === "object" && v !== null ? (v as { state?: unknown }).state : undefined;
    return typeof state === "object" && state !== null ? (state as SharedChoices) : undefined;
  } catch {
    return undefined;
  }
}
