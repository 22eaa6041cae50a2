import type { RpcPlaygroundEventMap, RpcPlaygroundHandle, RpcPlaygroundResultDetail } from "./embed-api.d.ts";
import {
  ABOUT_ADDRESS,
  ABOUT_SEND,
  type EmbedMessage,
  type HostMessages,
  type Params,
  RpcPlaygroundError,
  STATE_ORDER,
  sendMessage,
} from "./messages.ts";
import { embedAddress, readTag } from "./tag.ts";

/**
 * One tag's playground: its iframe, the page's calls (setKey, setParams, send, …) and the embed's
 * messages back, as DOM events on the tag. Everything the page hands in is kept (the last of each
 * kind) and handed in again whenever the embed says `ready`, so calls made before it listens, or
 * before a lazy frame loads, are not lost.
 */

/** A send of the page's: its name in the messages (`ref`), and whether it was handed in yet. */
type Waiting = { ref: string; resolve(value: unknown): void; reject(error: Error): void; posted: boolean };

/** How long a loaded frame may stay silent before the pending sends are given up. */
const START_TIMEOUT_MS = 20_000;

export class PlaygroundHandle implements RpcPlaygroundHandle {
  readonly element: HTMLElement;
  /** The embed's frame; undefined when the tag has problems (they are shown in its place). */
  readonly iframe: HTMLIFrameElement | undefined;
  readonly problems: readonly string[];
  /** The tag names no theme: the frame follows the page's. */
  #followsPage = false;
  #appOrigin: string;
  #ready = false;
  #failed: string | undefined;
  #state: { [K in keyof HostMessages]?: HostMessages[K] } = {};
  #waiting: Waiting[] = [];
  #sends = 0;
  /** The method the tag names, in the frame's title. */
  #method: string | undefined;

  constructor(
    element: HTMLElement,
    loaderSrc: string,
    page: { origin: string | undefined; theme: "light" | "dark" },
  ) {
    this.element = element;
    this.#appOrigin = new URL(loaderSrc).origin;
    const root = shadowOf(element);
    const tag = readTag(
      [...element.attributes].map((a) => [a.name, a.value] as const),
      page,
    );
    if (!tag.ok) {
      this.problems = tag.problems;
      this.iframe = undefined;
      this.#failed = `The tag has problems: ${tag.problems.join(" ")}`;
      root.replaceChildren(problemsBox(tag.problems));
      return;
    }
    this.problems = [];
    this.#followsPage = tag.followsPage;
    if (tag.followsPage) this.#state.theme = { type: "rpc-playground:set-theme", theme: page.theme };
    const frame = document.createElement("iframe");
    frame.src = embedAddress(loaderSrc, tag.search);
    this.#method = tag.method;
    frame.title = frameTitle("RPC Playground", tag.method);
    frame.allow = "clipboard-write";
    frame.loading = "lazy";
    // The embed learns this page's origin from the referrer where the browser has no ancestorOrigins.
    frame.referrerPolicy = "origin";
    frame.style.cssText = `display:block;width:100%;border:0;height:${tag.height}px`;
    frame.addEventListener("load", () => {
      if (!this.#ready)
        setTimeout(() => {
          if (!this.#ready)
            this.#fail(
              "The playground did not start in its frame; the frame says why, or the app is not reachable.",
              false,
            );
        }, START_TIMEOUT_MS);
    });
    this.iframe = frame;
    root.replaceChildren(frame);
  }

  setKey(key: string): void {
    if (typeof key !== "string") throw new TypeError("setKey takes the API key as a string.");
    this.#set("key", { type: "rpc-playground:set-key", key });
  }

  setParams(params: Params, method?: string): void {
    if (typeof params !== "object" || params === null)
      throw new TypeError('setParams takes the params as an array or an object, such as ["latest", false].');
    this.#set("params", {
      type: "rpc-playground:set-params",
      params,
      ...(method !== undefined ? { method } : {}),
    });
  }

  setNetwork(network: string): void {
    this.#set("network", { type: "rpc-playground:set-network", network });
  }

  setTransport(transport: "http" | "ws"): void {
    this.#set("transport", { type: "rpc-playground:set-transport", transport });
  }

  /** A theme set here holds; without one the frame follows the page's. */
  setTheme(theme: "light" | "dark"): void {
    this.#followsPage = false;
    this.#set("theme", { type: "rpc-playground:set-theme", theme });
  }

  /** The page's theme changed: followed unless the tag or the page's script chose one. */
  pageTheme(theme: "light" | "dark"): void {
    if (this.#followsPage && this.#state.theme?.theme !== theme)
      this.#set("theme", { type: "rpc-playground:set-theme", theme });
  }

  /**
   * Sends the request as the embed holds it; settles with this send's result (matched by its
   * `ref`): the `result` value, or an RpcPlaygroundError with the node's error or why the send did
   * not go ("busy" while another is on its way). A Send by the reader meanwhile replaces it: its
   * result is then the reader's.
   */
  send(): Promise<unknown> {
    if (this.#failed) return Promise.reject(new RpcPlaygroundError(this.#failed));
    return new Promise((resolve, reject) => {
      const ref = String(++this.#sends);
      this.#waiting.push({ ref, resolve, reject, posted: this.#ready });
      if (this.#ready) this.#post(sendMessage(ref));
    });
  }

  /** The page's send named `ref` (an embed's message without one names none). */
  #take(ref: string | undefined): Waiting | undefined {
    const at = ref === undefined ? -1 : this.#waiting.findIndex((w) => w.ref === ref);
    return at < 0 ? undefined : this.#waiting.splice(at, 1)[0];
  }

  /** A message from this handle's own frame (matched by `event.source` before it gets here). */
  receive(m: EmbedMessage): void {
    switch (m.type) {
      case "rpc-playground:height":
        if (this.iframe) this.iframe.style.height = `${Math.ceil(m.height)}px`;
        return;
      case "rpc-playground:ready":
        // Titled by the provider's name for the playground once the embed says it (this script reads no settings).
        if (this.iframe && typeof m.product === "string" && m.product.trim() !== "")
          this.iframe.title = frameTitle(m.product.slice(0, 100), this.#method);
        this.#started();
        this.#emit("rpc-playground:ready", { method: m.method, network: m.network });
        return;
      case "rpc-playground:result": {
        // The embed's result message as it came (from the app's origin, this frame): the loader reads
        // only some of its fields; the rest are the embed's (held to embed.d.ts in embed-loader.test.ts).
        this.#emit("rpc-playground:result", m as RpcPlaygroundResultDetail);
        const w = this.#take(m.ref);
        if (!w) return;
        if (m.ok) w.resolve(m.result);
        else w.reject(new RpcPlaygroundError(m.error?.message ?? "The request failed.", m.error ?? {}));
        return;
      }
      case "rpc-playground:error":
        this.#emit("rpc-playground:error", { message: m.message, about: m.about });
        if (m.about === ABOUT_ADDRESS) this.#fail(m.message, true);
        else if (m.about === ABOUT_SEND) this.#take(m.ref)?.reject(new RpcPlaygroundError(m.message));
        return;
    }
  }

  /** The tag left the page: pending sends will not be answered. */
  detach(): void {
    this.#fail("The playground was removed from the page.", true);
  }

  /** The embed listens (again): hand in what the page set, then the sends that waited for it. */
  #started(): void {
    this.#ready = true;
    for (const w of this.#waiting.filter((x) => x.posted))
      w.reject(new RpcPlaygroundError("The playground restarted before it answered."));
    this.#waiting = this.#waiting.filter((x) => !x.posted);
    for (const kind of STATE_ORDER) {
      const m = this.#state[kind];
      if (m) this.#post(m);
    }
    for (const w of this.#waiting) {
      w.posted = true;
      this.#post(sendMessage(w.ref));
    }
  }

  #set<K extends keyof HostMessages>(kind: K, message: HostMessages[K]): void {
    this.#state[kind] = message;
    if (this.#ready) this.#post(message);
  }

  /** Only to this frame, and only while it shows the app's origin: the key goes nowhere else. */
  #post(message: object): void {
    this.iframe?.contentWindow?.postMessage(message, this.#appOrigin);
  }

  /** Gives up the pending sends; a `lasting` reason also refuses every later one. */
  #fail(reason: string, lasting: boolean): void {
    if (lasting) this.#failed = reason;
    for (const w of this.#waiting.splice(0)) w.reject(new RpcPlaygroundError(reason));
  }

  /** An event on the tag, its detail as embed-api.d.ts declares it to pages. */
  #emit<K extends keyof RpcPlaygroundEventMap>(name: K, detail: RpcPlaygroundEventMap[K]["detail"]): void {
    this.element.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }));
  }
}

/**
 * Where the frame goes: the tag's shadow root, so the page's own children of the tag (a fallback
 * text) stay untouched and a framework hydrating the page (Vue, React) finds the light DOM it wrote.
 */
function shadowOf(element: HTMLElement): ShadowRoot | HTMLElement {
  if (element.shadowRoot) return element.shadowRoot;
  try {
    return element.attachShadow({ mode: "open" });
  } catch {
    return element;
  }
}

function problemsBox(problems: readonly string[]): HTMLElement {
  const box = document.createElement("div");
  box.setAttribute("role", "alert");
  box.style.cssText =
    "border:1px solid #d33;border-radius:6px;padding:12px;font:14px/1.5 system-ui,sans-serif;color:#a11;background:#fff5f5";
  const title = document.createElement("strong");
  title.textContent = "This RPC Playground tag has a problem";
  const list = document.createElement("ul");
  list.style.margin = "4px 0 0";
  for (const p of problems) {
    const li = document.createElement("li");
    li.textContent = p;
    list.append(li);
  }
  box.append(title, list);
  return box;
}

/**
 * The frame's title, for a reader's assistive technology: the product and the method, as the
 * guide's iframe code writes it (held equal in messages.test.ts).
 */
export function frameTitle(product: string, method: string | undefined): string {
  return `${product}${method ? `: ${method}` : ""}`;
}
