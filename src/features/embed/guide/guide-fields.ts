/** The guide's form state: where it starts, and what choosing a network does to the method. */
import { paramsFor } from "../../../methods/body.ts";
import { defaultValues } from "../../../methods/form-values.ts";
import { getMethod, methodsForChain } from "../../../methods/registry.ts";
import { provider } from "../../../networks/provider.ts";
import { PANELS } from "../embed-config.ts";
import type { GuideFields } from "../iframe-snippet.ts";

/** A method's example params as JSON, for the params field. */
export const exampleParams = (method: string) => {
  const def = getMethod(method);
  return def ? JSON.stringify(paramsFor(def, defaultValues(def))) : "";
};

/** The guide starts from the provider's default network and method (networks/provider.ts). */
export const initialFields = (): GuideFields => ({
  method: provider().defaultMethod,
  params: exampleParams(provider().defaultMethod),
  network: provider().defaultNetworkId,
  transport: "http",
  theme: "",
  panels: [...PANELS],
  readonly: false,
  keyField: false,
  explorer: false,
  origins: "",
  height: 480,
});

/**
 * The change of choosing network `id`: the method stays if that network speaks it, else the
 * network's first method with its example params. Undefined for an unknown network.
 */
export function networkChange(fields: GuideFields, id: string): Partial<GuideFields> | undefined {
  const next = provider().networks.find((n) => n.id === id);
  if (!next) return undefined;
  if (getMethod(fields.method)?.chain === next.kind) return { network: id };
  const method = methodsForChain(next.kind)[0]?.name ?? fields.method;
  return { network: id, method, params: exampleParams(method) };
}
