import { transportLabel } from "../../rpc/transport.ts";
import type { AppState } from "../../state/store.ts";
import type { Current } from "../../state/useNetworks.ts";
import { type AddressRead, readRequestAddress, type SharePlan } from "./read-address.ts";

export type ShareNotice =
  | { tone: "ok"; title: string; detail: string; warning?: string; action?: NoticeAction }
  | { tone: "bad"; title: string; detail: string };

/** A button in the notice that does what it offers (the notice says what). */
type NoticeAction = { label: string; run(): void };

const newCustomId = () => `custom-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Reads the request in an address (`search`), checked in full against the app's networks and methods. */
export function readAddress(search: string, current: Current): AddressRead {
  return readRequestAddress(search, { networks: current.networks, newId: newCustomId });
}

/** Puts a plan in place: the network (adding a custom one), the transport, then the request. */
export function applyPlan(plan: SharePlan, s: AppState): boolean {
  if (plan.add) s.networkActions.addCustom(plan.network);
  else s.networkActions.select(plan.network.id);
  s.settingsActions.setTransport(plan.transport);
  return s.draftActions.load(plan.method, plan.params);
}

/**
 * Opens the request an address holds, ready to send but not sent (the caller sends when it says
 * `send=1`). A bad address changes nothing. Returns what to tell the user: always for a bad address
 * or an older share link, and when a network was added; nothing for a plain address.
 */
export function applyAddress(
  read: AddressRead,
  readCurrent: () => Current,
): { notice: ShareNotice | undefined; send: boolean } {
  if (read.kind === "none") return { notice: undefined, send: false };
  if (read.kind === "bad")
    return {
      notice: {
        tone: "bad",
        title: "This share link could not be opened.",
        detail: `${read.message} Nothing was changed: the playground kept your previous request.`,
      },
      send: false,
    };
  const { plan } = read;
  if (!applyPlan(plan, readCurrent().state))
    return {
      notice: {
        tone: "bad",
        title: "This share link could not be opened.",
        detail: `Its ${plan.method} params could not be loaded into the form.`,
      },
      send: false,
    };
  if (!read.legacy && !plan.add) return { notice: undefined, send: read.send };
  const notice: ShareNotice = {
    tone: "ok",
    title: "Opened a shared request.",
    detail: `${plan.method} on ${plan.network.name} over ${transportLabel(plan.transport)}, ready to send: check it, then press Send.`,
  };
  if (plan.network.fromLink)
    notice.warning = `Network ${plan.network.name} was added from a link: check its address (${plan.network.base_url}) before you send your key.`;
  return { notice, send: read.send };
}
