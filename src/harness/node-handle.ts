// What a harness holds for each node, wherever the node runs: a process of its own (NodeProcess) or
// the kit's own process (the embedded backend's in-process nodes). The harness speaks to every node
// through the same plain-JSON control interface and does the same faults to it; only how a crash or
// a hang is carried out differs (SIGKILL and SIGSTOP for a process).

export type NodeState = 'starting' | 'running' | 'hung' | 'dead';

export interface ReadyEvent {
  event: 'ready';
  address: string;
  sessionPort: number;
  pid: number;
}

export interface NodeHandle {
  readonly state: NodeState;
  /** The node's OS process, when it has one of its own. */
  readonly pid: number | undefined;
  /** Resolves when the node has started; rejects with a message naming the node when it cannot. */
  readonly ready: Promise<ReadyEvent>;
  /** One control call; rejects when the node does not answer within timeoutMs or is not running. */
  call<T>(method: string, params?: object, timeoutMs?: number): Promise<T>;
  /** Crash: gone at once, with no goodbye on any connection. */
  kill(): Promise<void>;
  /** Hang: nothing it does goes on once this resolves; its connections stay open. */
  stop(): void | Promise<void>;
  /** End it at the end of a run (a process may write what it writes at exit). */
  end(): Promise<void>;
}
