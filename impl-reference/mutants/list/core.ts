// Mutants of channels, node direct, connections and liveness, and the descriptor list during a Store outage.

import type { MutantSpec } from './spec.ts';

export const CORE_MUTANTS = [
  { name: 'reselect-after-acceptance', breaks: ['V01.2'], what: 'a channel operation whose connection drops after acceptance is sent to another server' },
  { name: 'rerun-accepted-on-timeout', breaks: ['R-GEN-2.2'], what: 'an accepted operation that reaches its deadline is re-run on another server' },
  { name: 'direct-reroutes', breaks: ['V02.1'], what: 'node direct to a busy or not-ready node is delivered to another node of the mesh' },
  { name: 'resubmit-on-unknown-acceptance', breaks: ['V03.1'], what: 'an operation whose acceptance is unknown after a connection loss is resubmitted to another peer' },
  { name: 'peer-failure-marks-host-error', breaks: ['V04.2'], what: 'the host turns Error when one peer fails liveness' },
  { name: 'peer-failure-spreads', breaks: ['V04.1'], what: 'one peer failing liveness resets every peer connection of the node' },
  { name: 'reconnect-reuses-connection-id', breaks: ['V05.3'], what: 'a reconnect keeps the previous connection ID' },
  { name: 'reconnect-skips-verification', breaks: ['V05.2'], what: 'a reconnect does not verify the identity proven in the handshake' },
  { name: 'reconnect-reuses-reply-route', breaks: ['V05.4'], what: 'operations in flight on a lost connection wait for their reply on the new connection' },
  { name: 'reselect-past-deadline', breaks: ['R-GEN-1.2'], what: 'select-one goes on choosing servers after the operation deadline' },
  { name: 'double-terminal', breaks: ['R-GEN-3.1', 'R-GEN-3.2', 'R-GEN-3.5'], what: 'an operation delivers every terminal signal, not only the first' },
  { name: 'auto-retry-failed', breaks: ['R-GEN-4.3'], what: 'a failed operation is started again by the framework' },
  { name: 'select-weight-zero', breaks: ['R-CH-1.1'], what: 'select-one picks RouteMesh servers of weight 0' },
  { name: 'select-not-ready-server', breaks: ['R-CH-1.2', 'R-CH-1.3'], what: 'select-one picks servers that are not Ready' },
  { name: 'direct-unknown-rid-unavailable', breaks: ['R-CH-2.1'], what: 'node direct to a RID that does not exist ends Unavailable instead of NotFound' },
  { name: 'direct-not-ready-waits', breaks: ['R-CH-2.2'], what: 'node direct to a not-ready node waits for the connection instead of ending Unavailable' },
  { name: 'close-waits-for-liveness', breaks: ['R-CONN-1.1', 'R-CONN-1.2'], what: 'an orderly close or transport error is only noticed by the liveness check' },
  { name: 'no-liveness', breaks: ['R-CONN-2.1'], what: 'a silent half-open connection is never marked not-ready' },
  { name: 'reconnect-stale-address', breaks: ['R-CONN-3.1'], what: 'a reconnect goes to the address first learned, not the current descriptor' },
  { name: 'grace-forgets-descriptors', breaks: ['R-STO-2.1'], what: 'while the Store is unreachable the descriptor list and its connections are dropped' },
  { name: 'grace-pauses-liveness', breaks: ['R-STO-2.1'], what: 'while the Store is unreachable liveness checks stop' },
  { name: 'grace-connects-new-target', breaks: ['R-STO-2.4'], what: 'while the Store is unreachable a node outside the last list is connected' },
  { name: 'recovery-reconnects-everything', breaks: ['R-STO-4.3'], what: 'when the Store is back every connection is dropped and made again' },
] as const satisfies readonly MutantSpec[];
