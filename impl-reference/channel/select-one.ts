// select-one: pick one server of a Channel. Candidates (spec 3.1): in a RouteMesh channel, Ready
// servers with weight > 0; in a ClientServer channel, Ready servers. Among candidates the pick is a
// smooth weighted round-robin, so the order is deterministic for a given history.

import type { ChannelKind, ChannelServerSpec, Rid } from '../../src/driver/types.ts';

export interface ChannelServer {
  node: Rid;
  weight: number;
  state: 'Ready' | 'NotReady';
}

/**
 * R-CH-1: a RouteMesh candidate is Ready with weight > 0; a ClientServer candidate is Ready (its
 * weight decides nothing).
 */
export function isCandidate(kind: ChannelKind, server: ChannelServer): boolean {
  if (server.state !== 'Ready') return false;
  return kind !== 'routemesh' || server.weight > 0;
}

export function toServer(spec: ChannelServerSpec): ChannelServer {
  return { node: spec.node, weight: spec.weight ?? 1, state: spec.state ?? 'Ready' };
}

/** Smooth weighted round-robin state for one caller and one channel. */
export class RoundRobin {
  private readonly current = new Map<Rid, number>();

  pick(candidates: ChannelServer[]): ChannelServer | undefined {
    if (candidates.length === 0) return undefined;
    // Weight 0 only reaches here through a mutant; count it as 1 so it can be picked at all.
    const weight = (s: ChannelServer) => Math.max(s.weight, 1);
    const total = candidates.reduce((sum, s) => sum + weight(s), 0);
    let best: ChannelServer | undefined;
    for (const s of candidates) {
      const cur = (this.current.get(s.node) ?? 0) + weight(s);
      this.current.set(s.node, cur);
      if (!best || cur > this.current.get(best.node)!) best = s;
    }
    this.current.set(best!.node, this.current.get(best!.node)! - total);
    return best;
  }
}
