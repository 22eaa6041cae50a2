import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { documentFocus } from "./writing-focus.ts";

/** An element that is in the request's form or body (`writing`), or elsewhere on the page. */
class FakeElement extends EventTarget {
  constructor(readonly writing: boolean) {
    super();
  }
  closest(selector: string): FakeElement | null {
    return selector === "[data-writing-request]" && this.writing ? this : null;
  }
}

/** A page with a document that has listeners and a focused element, and nothing else. */
function fakePage() {
  const doc = Object.assign(new EventTarget(), { activeElement: null as FakeElement | null });
  const win = new EventTarget();
  vi.stubGlobal("document", doc);
  vi.stubGlobal("window", win);
  vi.stubGlobal("Element", FakeElement);
  const field = new FakeElement(true);
  const otherField = new FakeElement(true);
  const send = new FakeElement(false);
  /** The focus moves from `from` to `to`, as the browser says it: `focusout` on the document, then the new element. */
  const moveFocus = (from: FakeElement, to: FakeElement | null) => {
    const out = new Event("focusout");
    Object.defineProperty(out, "target", { value: from });
    doc.activeElement = null;
    doc.dispatchEvent(out);
    doc.activeElement = to;
  };
  const pointer = (type: "pointerdown" | "pointerup" | "pointercancel") => doc.dispatchEvent(new Event(type));
  return { doc, win, field, otherField, send, moveFocus, pointer };
}

/** A few turns of the event loop: `onLeave` looks at the focus a task after it left. */
const tasks = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("documentFocus.onLeave", () => {
  let page: ReturnType<typeof fakePage>;
  beforeEach(() => {
    page = fakePage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says so a task after the focus left the form for a part that is not writing the request", async () => {
    const left = vi.fn();
    const stop = documentFocus.onLeave(left);
    page.moveFocus(page.field, page.send);
    expect(left).not.toHaveBeenCalled();
    await tasks();
    expect(left).toHaveBeenCalledTimes(1);
    stop();
  });

  it("says nothing when the focus goes to another field of the request, or leaves a part that is not one", async () => {
    const left = vi.fn();
    const stop = documentFocus.onLeave(left);
    page.moveFocus(page.field, page.otherField);
    await tasks();
    page.moveFocus(page.send, null);
    await tasks();
    expect(left).not.toHaveBeenCalled();
    stop();
  });

  it("waits for the pointer's release when a press took the focus out (a click on Send still to come)", async () => {
    const left = vi.fn();
    const stop = documentFocus.onLeave(left);
    page.pointer("pointerdown");
    page.moveFocus(page.field, page.send);
    await tasks();
    expect(left).not.toHaveBeenCalled();
    page.pointer("pointerup");
    expect(left).not.toHaveBeenCalled(); // the click comes in the release's task, before the change
    await tasks();
    expect(left).toHaveBeenCalledTimes(1);

    // A press the browser cancels (a scroll, a touch taken over) counts as a release.
    page.pointer("pointerdown");
    page.moveFocus(page.field, page.send);
    page.pointer("pointercancel");
    await tasks();
    expect(left).toHaveBeenCalledTimes(2);

    // A press whose release the page never hears (the window left while the button was down).
    page.pointer("pointerdown");
    page.moveFocus(page.field, page.send);
    await tasks();
    expect(left).toHaveBeenCalledTimes(2);
    page.win.dispatchEvent(new Event("blur"));
    await tasks();
    expect(left).toHaveBeenCalledTimes(3);
    // The next focus leave is not held by that press.
    page.moveFocus(page.field, page.send);
    await tasks();
    expect(left).toHaveBeenCalledTimes(4);
    stop();
  });

  it("counts a press as holding the draft, and says so a task after its release when the user is not writing", async () => {
    const left = vi.fn();
    const stop = documentFocus.onLeave(left);
    page.doc.activeElement = page.send;
    expect(documentFocus.now()).toBe(false);
    page.pointer("pointerdown");
    expect(documentFocus.now()).toBe(true); // a network's examples arriving now wait
    page.pointer("pointerup");
    expect(documentFocus.now()).toBe(false);
    expect(left).not.toHaveBeenCalled(); // the click comes in the release's task, before the change
    await tasks();
    expect(left).toHaveBeenCalledTimes(1);
    // A press and release inside the form: the user is still writing, nothing is said.
    page.doc.activeElement = page.field;
    page.pointer("pointerdown");
    page.pointer("pointerup");
    await tasks();
    expect(left).toHaveBeenCalledTimes(1);
    stop();
    page.doc.activeElement = page.send;
    page.pointer("pointerdown");
    expect(documentFocus.now()).toBe(false); // no watch once stopped
  });

  it("once stopped, says nothing: neither of a look already on its way nor of a later leave", async () => {
    const left = vi.fn();
    const stop = documentFocus.onLeave(left);
    page.moveFocus(page.field, page.send);
    stop();
    await tasks();
    page.moveFocus(page.field, page.send);
    await tasks();
    expect(left).not.toHaveBeenCalled();
  });
});
