import { type EnvelopeResult, parseMessage } from "./envelope.ts";
import { UpstreamError } from "./evm-backend.ts";
import { otherId, slowDelayMs } from "./faults.ts";
import { type JsonRpcResponse, methodLabel, RPC_CODES, type RpcBackend, rpcError } from "./json-rpc.ts";
import type { NetworkName, Route } from "./route.ts";

/**
 * One body to its answer(s), over either transport: parse, envelope check, batch, backend, log
 * line, and the two faults that change an answer rather than replace it (`slow`, `bad-id`).
 */

export interface Answer {
  /** The HTTP status to send it with (WebSocket replies ignore it). */
  status: number;
  body: JsonRpcResponse | JsonRpcResponse[];
}

export interface AnswererOptions {
  evm: RpcBackend;
  starknet: RpcBackend;
  /** One line per answered request (never with the key). */
  log?: ((line: string) => void) | undefined;
}

export interface Answerer {
  answer(text: string, route: Route): Promise<Answer>;
  /** Drops the `slow` fault's pending waits (their answers are never sent); for the gateway's close. */
  stop(): void;
}

/** Fault `bad-id`: every answer (each of a batch's) carries an id the request did not send. */
function withOtherIds(body: JsonRpcResponse | JsonRpcResponse[]): void {
  for (const one of Array.isArray(body) ? body : [body]) one.id = otherId(one.id);
}

export function createAnswerer({ evm, starknet, log }: AnswererOptions): Answerer {
  const timers = new Set<NodeJS.Timeout>();
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const backendFor = (network: NetworkName) => (network === "evm" ? evm : starknet);

  /** Envelope check + backend: the answer to one request, and the HTTP status to send it with. */
  async function answerOne(
    env: EnvelopeResult,
    route: Route,
  ): Promise<{ status: number; body: JsonRpcResponse }> {
    if (!env.ok) return { status: 200, body: env.response };
    const { request } = env;
    const label = `${route.network} ${route.transport} ${methodLabel(request.method)}`;
    try {
      const body = await backendFor(route.network).handle(request);
      log?.(`${label} -> ${"error" in body ? `error ${body.error.code}` : "ok"}`);
      return { status: 200, body };
    } catch (err) {
      const upstream = err instanceof UpstreamError;
      log?.(`${label} -> ${upstream ? "node failed" : "gateway error"}`);
      return {
        status: upstream ? 502 : 500,
        body: rpcError(
          request.id,
          RPC_CODES.internalError,
          upstream ? `Internal error: ${err.message}` : "Internal error in the gateway",
        ),
      };
    }
  }

  /**
   * A request's answer, or a batch's answers in one array (each element answered on its own, in
   * the batch's order; a failed node call is that element's -32603, the batch still answers 200),
   * or one error for the whole.
   */
  async function answerBody(text: string, route: Route): Promise<Answer> {
    const message = parseMessage(text);
    if (message.kind === "refused") return { status: 200, body: message.response };
    if (message.kind === "single") return answerOne(message.envelope, route);
    log?.(`${route.network} ${route.transport} batch of ${message.elements.length}`);
    const answers = await Promise.all(message.elements.map((e) => answerOne(e, route)));
    return { status: 200, body: answers.map((a) => a.body) };
  }

  return {
    async answer(text, route) {
      const result = await answerBody(text, route);
      if (route.fault === "slow") await delay(slowDelayMs(route.search));
      if (route.fault === "bad-id") withOtherIds(result.body);
      return result;
    },
    stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
