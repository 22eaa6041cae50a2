import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SentRequest } from "../../send/useSendRequest.ts";
import { AddressEntries, boundKeptAnswers, shownAnswer } from "./address-entries.ts";

const data = { answer: { kind: "result" } } as unknown as SentRequest;
const live = { status: "pending" as const, data: undefined, error: null };

describe("shownAnswer", () => {
  it("shows the live send until Back or Forward brings an entry back", () => {
    expect(shownAnswer(null, live)).toBe(live);
  });
  it("shows an entry's kept answer or failure, whatever the live send is doing", () => {
    expect(shownAnswer({ status: "success", data }, live)).toEqual({ status: "success", data, error: null });
    const error = new Error("x");
    expect(shownAnswer({ status: "error", error }, live)).toEqual({
      status: "error",
      data: undefined,
      error,
    });
  });
  it("shows nothing (idle) for an entry whose answer was not kept", () => {
    expect(shownAnswer("none", live)).toEqual({ status: "idle", data: undefined, error: null });
  });
});

describe("boundKeptAnswers", () => {
  const sized = (sizeBytes: number) => ({
    status: "success" as const,
    data: { answer: { kind: "result", meta: { sizeBytes } } } as unknown as SentRequest,
  });
  it("keeps the newest answers within the budget and drops older ones, never the newest", () => {
    const entries = new Map<
      string,
      { answer?: ReturnType<typeof sized> | { status: "error"; error: unknown } }
    >([
      ["a", { answer: sized(10) }],
      ["b", { answer: { status: "error", error: new Error("x") } }],
      ["c", { answer: sized(70) }],
      ["d", { answer: sized(30) }],
    ]);
    boundKeptAnswers(entries, 100);
    expect([...entries.values()].map((e) => e.answer !== undefined)).toEqual([false, true, true, true]);
    const huge = new Map([["only", { answer: sized(500) }]]);
    boundKeptAnswers(huge, 100);
    expect(huge.get("only")?.answer).toBeDefined();
  });
});

/** A browser history of one tab: entries with their state and address, Back moving along them. */
function fakeBrowser(href: string) {
  const list: { state: unknown; url: string }[] = [{ state: null, url: href }];
  let at = 0;
  const here = () => list[at] ?? { state: null, url: href };
  const window = {
    location: {
      get href() {
        return here().url;
      },
      get search() {
        return new URL(here().url).search;
      },
    },
    history: {
      get state() {
        return here().state;
      },
      replaceState: (state: unknown, _: string, url: string) => {
        list[at] = { state, url: new URL(url, here().url).href };
      },
      pushState: (state: unknown, _: string, url: string) => {
        list.splice(at + 1);
        list.push({ state, url: new URL(url, here().url).href });
        at += 1;
      },
      forward: () => {
        if (at < list.length - 1) at += 1;
      },
    },
  };
  const back = () => {
    at -= 1;
    return here().state;
  };
  return { window, list, back };
}

const keyOf = (state: unknown) => (state as { rpcPlayground?: string } | null)?.rpcPlayground;

describe("AddressEntries", () => {
  let browser: ReturnType<typeof fakeBrowser>;
  let onScreen: string;
  let entries: AddressEntries;
  /** The page's entries, opened: a send's address is what was on screen at the send (useRequestAddress.ts hands the same). */
  const openPage = () => {
    const opened = new AddressEntries(
      () => onScreen,
      () => {
        const then = onScreen;
        return () => then;
      },
    );
    opened.open(() => {});
    return opened;
  };
  beforeEach(() => {
    browser = fakeBrowser("https://play.test/?m=a");
    vi.stubGlobal("window", browser.window);
    onScreen = "https://play.test/?m=a";
    entries = openPage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opens once, marking the page's own entry", () => {
    const apply = vi.fn();
    entries.open(apply);
    expect(apply).not.toHaveBeenCalled();
    expect(browser.list).toHaveLength(1);
    expect(browser.list[0]?.state).toMatchObject({ rpcPlayground: expect.any(String) });
  });

  it("pushes a send's entry once, with the address at the send, when asked (after the answer)", () => {
    onScreen = "https://play.test/?m=b";
    entries.sent();
    expect(browser.list).toHaveLength(1);
    onScreen = "https://play.test/?m=c";
    entries.pushNow();
    entries.pushNow();
    expect(browser.list.map((e) => e.url)).toEqual(["https://play.test/?m=a", "https://play.test/?m=b"]);
  });

  it("writes a send's address when its entry is pushed, from the request as it was sent", () => {
    const written: string[] = [];
    entries = new AddressEntries(
      () => onScreen,
      () => {
        const then = onScreen;
        return () => {
          written.push(then);
          return then;
        };
      },
    );
    onScreen = "https://play.test/?m=b";
    entries.sent();
    // Nothing is written in the send's own task: the address waits for the push (after the answer).
    expect(written).toEqual([]);
    onScreen = "https://play.test/?m=c";
    entries.pushNow();
    expect(written).toEqual(["https://play.test/?m=b"]);
    expect(browser.list.map((e) => e.url)).toEqual(["https://play.test/?m=a", "https://play.test/?m=b"]);
    // Back and Forward bring back the request as it was sent.
    const sentFrom = browser.window.history.state;
    entries.moved(browser.back());
    expect(entries.moved(sentFrom)?.search).toBe("?m=b");
  });

  it("Back before the push leaves the send's entry unpushed", () => {
    entries.sent();
    entries.moved(browser.back());
    entries.pushNow();
    expect(browser.list).toHaveLength(1);
  });

  it("keeps a send's answer with its entry: Back and Forward bring back the request as sent and its answer", () => {
    onScreen = "https://play.test/?m=b";
    entries.sent();
    entries.pushNow();
    const answer = { status: "error" as const, error: new Error("x") };
    entries.keep(answer);
    const sentFrom = browser.window.history.state;
    // An edit rewrites the entry's address; the request sent from it is what comes back.
    onScreen = "https://play.test/?m=b2";
    entries.replace();
    expect(browser.window.location.search).toBe("?m=b2");
    expect(entries.moved(browser.back())).toEqual({ search: "?m=a", answer: "none" });
    expect(entries.moved(sentFrom)).toEqual({ search: "?m=b", answer });
  });

  it("Back between a send's answer and its entry's push goes to the send before it, not one further", () => {
    onScreen = "https://play.test/?m=b";
    entries.sent();
    const first = { status: "error" as const, error: new Error("b") };
    entries.keep(first);
    onScreen = "https://play.test/?m=c";
    // The second send pushes the first one's entry; its own is still to be pushed when Back comes.
    entries.sent();
    const sentFrom = browser.window.history.state;
    // The browser went from the first send's entry to the page's own: one too far. It goes forward again.
    expect(entries.moved(browser.back())).toBeNull();
    expect(browser.window.history.state).toEqual(sentFrom);
    expect(entries.moved(sentFrom)).toEqual({ search: "?m=b", answer: first });
    entries.pushNow();
    expect(browser.list).toHaveLength(2);
  });

  it("Forward between a send's answer and its entry's push goes where the user asked, not one further", () => {
    for (const m of ["b", "c", "d"]) {
      onScreen = `https://play.test/?m=${m}`;
      entries.sent();
      entries.pushNow();
    }
    // Back twice, to the first send's entry, and a send from there, its entry not pushed yet.
    entries.moved(browser.back());
    entries.moved(browser.back());
    onScreen = "https://play.test/?m=e";
    entries.sent();
    // Forward brings the next entry (the second send's): shown, with no further step.
    browser.window.history.forward();
    const next = browser.window.history.state;
    expect(entries.moved(next)).toEqual({ search: "?m=c", answer: "none" });
    expect(browser.window.history.state).toEqual(next);
  });

  it("after a reload, Back between a send's answer and its entry's push goes to the entry before it, not one further", () => {
    for (const m of ["b", "c"]) {
      onScreen = `https://play.test/?m=${m}`;
      entries.sent();
      entries.pushNow();
    }
    // The page reloads on the last entry: a new page life, whose keys never match the old ones.
    entries = openPage();
    const reloaded = browser.window.history.state;
    expect(keyOf(reloaded)).not.toBe(keyOf(browser.list[1]?.state));
    onScreen = "https://play.test/?m=d";
    entries.sent();
    // The browser went from the reloaded entry to the one before it (the old life's): one too far
    // for what is on screen (the send from the reloaded entry). It goes forward again.
    expect(entries.moved(browser.back())).toBeNull();
    expect(browser.window.history.state).toEqual(reloaded);
    expect(entries.moved(reloaded)).toEqual({ search: "?m=c", answer: "none" });
    entries.pushNow();
    expect(browser.list).toHaveLength(3);
    // Places go on from the reloaded entry's: a later send's entry comes after it.
    onScreen = "https://play.test/?m=e";
    entries.sent();
    entries.pushNow();
    expect(browser.list.map((e) => (e.state as { at?: number }).at)).toEqual([0, 1, 2, 3]);
  });

  it("reads an entry of an earlier page life from its address, with no answer", () => {
    expect(entries.moved({ rpcPlayground: "old:1" })).toEqual({ search: "?m=a", answer: "none" });
  });

  it("an edit before the page's own address is read leaves that address (the link) alone; opening writes what is on screen", () => {
    browser = fakeBrowser("https://play.test/?link=1");
    vi.stubGlobal("window", browser.window);
    const fresh = new AddressEntries(
      () => onScreen,
      () => () => onScreen,
    );
    onScreen = "https://play.test/?typed=1";
    fresh.replace();
    expect(browser.list.map((e) => e.url)).toEqual(["https://play.test/?link=1"]);
    let read = "";
    fresh.open(() => {
      read = browser.window.location.search;
    });
    expect(read).toBe("?link=1");
    expect(browser.list.map((e) => e.url)).toEqual(["https://play.test/?typed=1"]);
  });

  it("an edit while the send's entry waits for its answer rewrites that entry once it is pushed, not before", () => {
    onScreen = "https://play.test/?m=b";
    entries.sent();
    onScreen = "https://play.test/?m=b2";
    entries.replace();
    // Not pushed ahead of the answer's paint, and the entry before it keeps its address.
    expect(browser.list.map((e) => e.url)).toEqual(["https://play.test/?m=a"]);
    entries.pushNow();
    expect(browser.list.map((e) => e.url)).toEqual(["https://play.test/?m=a", "https://play.test/?m=b2"]);
    // Once: the next push has nothing to rewrite.
    onScreen = "https://play.test/?m=b3";
    entries.pushNow();
    expect(browser.window.location.search).toBe("?m=b2");
    // Back and Forward bring back the request as it was sent.
    const sentFrom = browser.window.history.state;
    entries.moved(browser.back());
    expect(entries.moved(sentFrom)?.search).toBe("?m=b");
  });

  it("Back before the push drops an edit's rewrite that waited for it", () => {
    onScreen = "https://play.test/?m=b";
    entries.sent();
    onScreen = "https://play.test/?m=b2";
    entries.replace();
    entries.moved(browser.back());
    entries.pushNow();
    expect(browser.list.map((e) => e.url)).toEqual(["https://play.test/?m=a"]);
  });
});
