import type { LivekitRuntime, RoomPort, RpcInvocationPort } from './room-port.js';

/** What a tool handler receives besides its parameters. */
export interface ToolContext {
  /** Aborted when the caller's timeout passes or the session stops; stop work and return. */
  readonly signal: AbortSignal;
  /** Identity of the participant that called (the agent). */
  readonly callerIdentity: string;
}

/** A function the assistant can call in the page. Its result is sent back (strings as-is, else JSON). */
export type ToolHandler = (params: unknown, context: ToolContext) => unknown;

/**
 * Holds the tools a page registered and exposes them as LiveKit RPC methods on the current room, so
 * tools can be registered before or during a call. Each invocation answers exactly once: the handler's
 * result, its error, or a timeout, whichever comes first.
 */
export class ToolRegistry {
  readonly #tools = new Map<string, ToolHandler>();
  readonly #running = new Set<AbortController>();
  #room: RoomPort | undefined;
  #runtime: LivekitRuntime | undefined;

  /** Adds or replaces a tool; returns a function that removes it. */
  register(name: string, handler: ToolHandler): () => void {
    this.#tools.set(name, handler);
    this.#bind(name);
    return () => {
      if (this.#tools.get(name) !== handler) return;
      this.#tools.delete(name);
      this.#room?.unregisterRpcMethod(name);
    };
  }

  /** Exposes every tool on a room. */
  attach(room: RoomPort, runtime: LivekitRuntime): void {
    this.#room = room;
    this.#runtime = runtime;
    for (const name of this.#tools.keys()) this.#bind(name);
  }

  /** Removes every tool from the room and aborts running invocations. */
  detach(): void {
    for (const name of this.#tools.keys()) this.#room?.unregisterRpcMethod(name);
    this.#room = undefined;
    for (const controller of this.#running) controller.abort();
  }

  #bind(name: string): void {
    const room = this.#room;
    if (!room) return;
    // livekit throws when a method is registered twice; replacing a tool re-registers it.
    room.unregisterRpcMethod(name);
    room.registerRpcMethod(name, (data) => this.#invoke(name, data, this.#runtime!));
  }

  #invoke(name: string, data: RpcInvocationPort, runtime: LivekitRuntime): Promise<string> {
    const controller = new AbortController();
    this.#running.add(controller);
    // livekit RpcError codes: 1500 APPLICATION_ERROR, 1502 RESPONSE_TIMEOUT.
    return new Promise<string>((resolve, reject) => {
      const fail = (code: number, message: string) => {
        reject(runtime.rpcError(code, message));
        controller.abort();
      };
      // The caller's deadline and the session's end both abort; the handler's signal says so too.
      const timer = setTimeout(() => controller.abort(), data.responseTimeout);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        this.#running.delete(controller);
        reject(runtime.rpcError(1502, `Tool ${name} timed out or was cancelled.`));
      });
      // A promise settles once, so the first of result, error and timeout is the one answer sent.
      (async () => JSON.parse(data.payload || '{}') as unknown)()
        .then((params) => this.#tools.get(name)!(params, { signal: controller.signal, callerIdentity: data.callerIdentity }))
        .then(
          (result) => {
            resolve(typeof result == 'string' ? result : (JSON.stringify(result) ?? ''));
            controller.abort();
          },
          (error: unknown) => fail(1500, error instanceof Error ? error.message : String(error)),
        );
    });
  }
}
