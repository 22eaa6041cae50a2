import { transportLabel } from "../../rpc/transport.ts";
import type { Current } from "../../state/useNetworks.ts";
import { readShareLink, withoutShareParam } from "./share-link.ts";

export type ShareNotice =
  | { tone: "ok"; title: string; detail: string; warning?: string }
  | { tone: "bad"; title: string; detail: string };

/**
 * Opens the share link in the address, if there is one: checks all of it first, then selects the
 * network (adding a custom one), the transport and the request, ready to send but not sent. The
 * share parameter is then taken out of the address, so a reload does not apply it again. A bad
 * link changes nothing but the address. Returns what to tell the user, or nothing for no link.
 */
export function applyShareLinkFromAddress(readCurrent: () => Current): ShareNotice | undefined {
  const { state: s, networks } = readCurrent();
  const read = readShareLink(window.location.search, {
    networks,
    newId: () => `custom-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  });
  if (read.kind === "none") return undefined;
  window.history.replaceState(window.history.state, "", withoutShareParam(window.location.href));
  if (read.kind === "bad")
    return {
      tone: "bad",
      title: "This share link could not be opened.",
      detail: `${read.message} Nothing was changed: the playground kept your previous request.`,
    };
  const { plan } = read;
  if (plan.add) s.networkActions.addCustom(plan.network);
  else s.networkActions.select(plan.network.id);
  s.settingsActions.setTransport(plan.transport);
  if (!readCurrent().state.draftActions.load(plan.method, plan.params))
    return {
      tone: "bad",
      title: "This share link could not be opened.",
      detail: `Its ${plan.method} params could not be loaded into the form.`,
    };
  const notice: ShareNotice = {
    tone: "ok",
    title: "Opened a shared request.",
    detail: `${plan.method} on ${plan.network.name} over ${transportLabel(plan.transport)}, ready to send: check it, then press Send.`,
  };
  if (plan.network.fromLink)
    notice.warning = `Network ${plan.network.name} was added from a link: check its address (${plan.network.base_url}) before you send your key.`;
  return notice;
}
