import { notifyManager } from "@tanstack/react-query";
import { whenIdle } from "../chain/next-task.ts";
import { answersArriving } from "../rpc/answer-parse.ts";

/**
 * How long the work left for after an answer waits for it at the most (AfterAnswer): a slow answer
 * holds nothing back. Longer than a big answer takes to show its first rows (16 MB: 300 to 500 ms
 * at CPU 2x), whose receiving it would otherwise interrupt (the editor's redraw, 20 to 50 ms). A big
 * answer coming in then (its rows on their way, before or after its first piece: `AfterAnswer`'s
 * `arriving`) holds the work until its last row instead.
 */
export const AFTER_ANSWER_AT_LATEST_MS = 1000;

/** How long after the answer's frame that work waits for idle time at the most (a busy page). */
const AFTER_PAINT_IDLE_MS = 50;

/**
 * Runs `run` in idle time: after the frame now drawn is painted and after the tasks the page
 * queued behind it; where there are no idle callbacks (Safari), in the next task. Returns a cancel.
 */
const inIdleTime = (run: () => void) => whenIdle(run, AFTER_PAINT_IDLE_MS, 0);

/**
 * The work a send leaves for after its answer is painted, so that none of it delays the answer:
 * the body's rewrite with the next id (the editor and the form redrawn, 5 to 10 ms at CPU 2x) and
 * the shell's own step (pushState, a round trip to the browser's process). It runs in idle time
 * after the answer's frame (behind what else the page queued for after that paint; a big answer's
 * once its last row is in), or in idle time once a second has passed without an answer (and with no
 * big answer's rows on their way), and before anything of the next send.
 */
export class AfterAnswer {
  #jobs: (() => void)[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #frame: number | undefined;
  #idle: (() => void) | undefined;
  /** The second passed while a big answer's rows were on their way: the work waits for the last. */
  #held = false;
  /** Counts the sends, so that a send's answer never runs the work of a newer one early. */
  #send = 0;
  /** The body as the last send left it, while its next id is still to come. */
  sentText: string | undefined;

  /**
   * `arriving`: whether a big answer's rows are on their way to the page (rpc/answer-parse.ts);
   * the work that a slow answer would otherwise release after a second waits for them.
   */
  constructor(private readonly arriving: () => boolean = answersArriving) {}

  /**
   * In idle time: the first job waiting, the next in idle time of its own, and so on (the body's
   * rewrite and its redraw, then pushState, were one task of 20 to 50 ms at CPU 2x). The next id's
   * job, when there is one, is the first.
   */
  readonly #step = (): void => {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#idle = undefined;
    this.#held = false;
    this.sentText = undefined;
    const job = this.#jobs.shift();
    if (this.#jobs.length > 0) this.#idle = inIdleTime(this.#step);
    job?.();
  };

  /** The timer's idle turn: a big answer that began to come in meanwhile still holds the work. */
  readonly #lateStep = (): void => {
    if (!this.arriving()) {
      this.#step();
      return;
    }
    this.#idle = undefined;
    this.#held = true;
  };

  /** Runs what is waiting, now. */
  readonly run = (): void => {
    clearTimeout(this.#timer);
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#idle?.();
    this.#timer = undefined;
    this.#frame = undefined;
    this.#idle = undefined;
    this.#held = false;
    this.sentText = undefined;
    for (const job of this.#jobs.splice(0)) job();
  };

  /**
   * A send left (`sentText`: its body, when its id goes up after it): what it leaves waits for its
   * answer, at the latest AFTER_ANSWER_AT_LATEST_MS. Returns the send's number.
   */
  wait(sentText: string | undefined): number {
    this.sentText = sentText;
    // Timer: an answer slower than this does not hold the next id (or the address) back any longer,
    // unless it is a big one coming in (its rows would be interrupted): then it waits for them.
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.arriving()) this.#held = true;
      else this.#idle ??= inIdleTime(this.#lateStep);
    }, AFTER_ANSWER_AT_LATEST_MS);
    this.#send += 1;
    return this.#send;
  }

  /** More work of the last send, waiting with the rest. */
  add(job: () => void): void {
    this.#jobs.push(job);
  }

  /**
   * Send `send` settled (a big answer: all its rows in): once React has drawn its answer (TanStack tells it in the batch this
   * joins), the next frame's start, then idle time after that frame. Asked for any earlier, a
   * frame could start before the answer is drawn and the work (the editor's redraw) would land in
   * the answer's frame, delaying it; in the task right after the frame, it ran before whatever the
   * page had queued for after the paint (the browser's own work, a tab's other tasks).
   */
  answered(send: number): void {
    if (send === this.#send) this.#held = false;
    notifyManager.schedule(() => {
      if (send !== this.#send || this.#jobs.length === 0) return;
      this.#frame = requestAnimationFrame(() => {
        this.#frame = undefined;
        this.#idle ??= inIdleTime(this.#step);
      });
    });
  }

  /** The rows a held send waited for stopped (a cancel, a failure): its work runs in idle time now. */
  release(): void {
    if (!this.#held) return;
    this.#held = false;
    this.#idle ??= inIdleTime(this.#step);
  }
}
