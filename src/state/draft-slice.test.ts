import { describe, expect, it } from "vitest";
import { defaultValues } from "../methods/form-values.ts";
import { getMethod } from "../methods/registry.ts";
import { restoreDraft } from "./draft-slice.ts";

const method = (bodyText: string) => (JSON.parse(bodyText) as { method: string; id: number }).method;

describe("restoreDraft", () => {
  it("writes the body of the saved method, so the picker, the form and Send agree", () => {
    const values = { ...defaultValues(getMethod("eth_getStorageAt")!), position: "0x2" };
    const d = restoreDraft({
      methodName: "eth_getStorageAt",
      valuesByMethod: { eth_getStorageAt: values },
      nextId: 5,
    });
    expect(d.methodName).toBe("eth_getStorageAt");
    expect(JSON.parse(d.bodyText)).toMatchObject({ id: 5, method: "eth_getStorageAt" });
    expect(d.bodyText).toContain('"0x2"');
  });

  it("falls back to the first method when the saved one is not offered any more", () => {
    const d = restoreDraft({ methodName: "eth_gone", valuesByMethod: {}, nextId: 1 });
    expect(d.methodName).toBe("eth_getBlockByNumber");
    expect(method(d.bodyText)).toBe("eth_getBlockByNumber");
  });

  it("starts from the examples when the saved values cannot be read", () => {
    const d = restoreDraft({
      methodName: "eth_getProof",
      valuesByMethod: null as unknown as Record<string, never>,
      nextId: 1,
    });
    expect(d.valuesByMethod).toEqual({
      eth_getBlockByNumber: defaultValues(getMethod("eth_getBlockByNumber")!),
    });
    expect(method(d.bodyText)).toBe("eth_getBlockByNumber");
  });

  it("gives the saved method its example values when none were saved, so the form shows on a first visit", () => {
    const d = restoreDraft({ methodName: "eth_getStorageAt", valuesByMethod: {}, nextId: 1 });
    expect(d.valuesByMethod.eth_getStorageAt).toEqual(defaultValues(getMethod("eth_getStorageAt")!));
  });
});
