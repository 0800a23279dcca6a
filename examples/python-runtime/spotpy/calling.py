"""The calling side: which target an operation is written to, and what happens when that target
refuses, accepts, or is lost (spec sections 2 and 3.1).

- select-one picks among the Channel's candidates only: in a RouteMesh channel Ready servers with
  weight > 0, in a ClientServer channel Ready servers (R-CH-1); and among those, servers this node
  can reach now. A server that refuses for capacity is passed over for another candidate, round
  after round, but only within the operation's own deadline (V01, R-GEN-1).
- Once a target accepted the operation, or when it is unknown whether it did (the connection was
  lost after the write), the operation is never written anywhere else (R-GEN-2, V03).
- Node direct keeps the RID the caller named: unknown RID NotFound, not ready Unavailable, full
  queue Busy; never another node (V02, R-CH-2).
- A failure is returned as it is; nothing is started again on the application's behalf (R-GEN-4).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Optional

from .link import LOST

if TYPE_CHECKING:
    from .cluster import Channel, Cluster
    from .node import MeshNode
    from .operation import Operation


# How one send to one target ended.
NOT_READY, REFUSED, UNKNOWN, LOST_AFTER_ACCEPTANCE, RESULT = 'not-ready', 'refused', 'unknown', 'lost', 'result'


def eligible(kind: str, server: dict) -> bool:
    if server['state'] != 'Ready':
        return False
    return kind != 'routemesh' or server['weight'] > 0


def reachable(node: 'MeshNode', target: str) -> bool:
    if target == node.rid:
        return node.running
    link = node.links.get(target)
    return link is not None and link.ready


def pick(node: 'MeshNode', channel: str, candidates: list[dict]) -> dict:
    """Smooth weighted round-robin, per caller and channel: the heaviest server first."""
    current = node.round_robins.setdefault(channel, {})
    total = sum(max(1, s['weight']) for s in candidates)
    best = None
    for s in candidates:
        current[s['node']] = current.get(s['node'], 0) + max(1, s['weight'])
        if best is None or current[s['node']] > current[best['node']]:
            best = s
    assert best is not None
    current[best['node']] -= total
    return best


async def send(node: 'MeshNode', op: 'Operation', target: str) -> tuple[str, Optional[dict]]:
    """Write the operation to one target and follow it there until it ends. Records the attempt;
    never ends the operation and never chooses another target: that is the caller's rule."""
    payload = op.payload
    if target == node.rid:
        done = node.submit_local(op.op_id, payload) if node.running else None
        if done is None:
            op.attempts.append({'target': target, 'accepted': 'no', 'reason': 'capacity' if node.running else 'not-ready'})
            return (REFUSED if node.running else NOT_READY, None)
        op.attempts.append({'target': target, 'accepted': 'yes', 'reason': 'accepted'})
        return (RESULT, await done)
    link = node.links.get(target)
    if link is None or not link.ready:
        op.attempts.append({'target': target, 'accepted': 'no', 'reason': 'not-ready'})
        return (NOT_READY, None)
    entry = link.submit(op.op_id, payload, op.deadline_at, node.take_ack_lost(target))
    attempt = {'target': target, 'accepted': 'unknown', 'reason': 'pending', 'connectionId': entry.connection_id}
    op.attempts.append(attempt)
    accepted, reason = await entry.acceptance
    attempt['accepted'] = accepted
    attempt['reason'] = reason
    if accepted == 'no':
        return (REFUSED, None)
    if accepted == 'unknown':
        # Written, and the connection was lost before acceptance was known: it may have run.
        return (UNKNOWN, None)
    completion = await entry.completion
    if completion is LOST:
        # Accepted, then the connection was lost: the handler may be running there.
        attempt['reason'] = 'connection-lost-after-acceptance'
        return (LOST_AFTER_ACCEPTANCE, None)
    return (RESULT, completion)


def conclude(op: 'Operation', how: str, completion: Optional[dict]) -> None:
    """The last send ended: so does the operation, with one terminal result and no advice."""
    if how == RESULT and completion is not None:
        if completion.get('ok'):
            op.finish('reply', reply=completion.get('value'))
        else:
            op.finish('failure', error_kind=completion.get('errorKind') or 'HandlerError')
    elif how == REFUSED:
        op.finish('failure', error_kind='Busy')
    else:  # not ready, acceptance unknown, lost after acceptance
        op.finish('failure', error_kind='Unavailable')


async def channel_request(cluster: 'Cluster', node: 'MeshNode', op: 'Operation', channel_name: str) -> None:
    channel: Optional['Channel'] = cluster.channels.get(channel_name)
    if channel is None:
        return op.finish('failure', error_kind='NotFound')
    while True:
        candidates = [s for s in channel.servers if eligible(channel.kind, s) and reachable(node, s['node'])]
        if not candidates:
            return op.finish('failure', error_kind='Unavailable')
        tried: set[str] = set()
        while True:
            left = [s for s in candidates if s['node'] not in tried]
            if not left:
                break
            target = pick(node, channel.name, left)['node']
            tried.add(target)
            how, completion = await send(node, op, target)
            if how in (REFUSED, NOT_READY):
                continue  # nothing accepted yet: another candidate may take it
            return conclude(op, how, completion)
        # Every candidate refused. Nothing was accepted, so another round may try again after the
        # backoff; the operation's deadline timer ends this loop (Operation cancels this task).
        await asyncio.sleep(cluster.timings['reconnectBackoffMs'] / 1000)


async def node_direct(cluster: 'Cluster', node: 'MeshNode', op: 'Operation', mesh: str, to: str) -> None:
    descriptor = node.discovery(to)
    if mesh != node.mesh or descriptor is None or descriptor['mesh'] != mesh:
        return op.finish('failure', error_kind='NotFound')
    how, completion = await send(node, op, to)
    conclude(op, how, completion)
