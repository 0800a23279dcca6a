"""The Driver contract (docs/driver.md) over a cluster of MeshNodes in this process.

One Cluster per `open`, i.e. per scenario. It owns what the kit would otherwise have to reach in
several places: the discovery descriptors (RID -> mesh and address), the Channel membership (kit
configuration, as in the reference), the test application's journal and gates, and the book of
operations the application started with each one's first terminal result (the Outcome).

What this runtime implements is the channel-and-connection group of the spec: capabilities
`channels`, `node-direct`, `liveness`, `reconnect`, and the one failpoint that group arms,
`transport.ack-lost-after-write`. Anything else the Driver offers (objects, the Location Store,
relocation, Sessions) is answered with an error that says so; the kit never asks for it, because
the scenarios that need it are not applicable to a runtime that does not report it.
"""

from __future__ import annotations

import asyncio
import secrets
import uuid
from dataclasses import dataclass, field
from typing import Any, Optional

from .app import Gates, Journal, TestApp
from .calling import channel_request, node_direct
from .clock import now_ms
from .link import proof
from .node import MeshNode
from .operation import Operation
from .transport import Listener, Network

NAME = 'spotcheck-python-runtime'
VERSION = '0.1.0'
CAPABILITIES = ['channels', 'node-direct', 'liveness', 'reconnect']
FAILPOINTS = ['transport.ack-lost-after-write']

TIMINGS = {
    'heartbeatIntervalMs': 50,
    'livenessDeadlineMs': 300,
    'reconnectBackoffMs': 20,
    'defaultDeadlineMs': 1000,
    # This runtime has no Actors, Spots, Location Store or relocation: the timings below are not
    # used by it. The contract wants numbers; these are the reference's, so that every "never"
    # the kit watches is watched at least as long as it is for the reference.
    'ownerLeaseMs': 600,
    'ownerCacheMs': 400,
    'descriptorRefreshMs': 50,
    'storeFailureGraceMs': 1000,
    'cutoverFallbackMs': 1000,
    'messageFollowMs': 30000,
}

DEFAULT_QUEUE_CAPACITY = 16
DEFAULT_WORKERS = 4
START_WITHIN_S = 5.0


class DriverError(Exception):
    """A request the runtime cannot carry out; its message goes back to the kit on one line."""


@dataclass
class Channel:
    name: str
    kind: str  # 'routemesh' | 'clientserver'
    servers: list[dict] = field(default_factory=list)  # {node, weight, state}


@dataclass
class _Started:
    op: Operation
    node: MeshNode
    outcome: asyncio.Future


class Cluster:
    def __init__(self) -> None:
        self.timings = dict(TIMINGS)
        self.network = Network(asyncio.get_running_loop())
        self.descriptors: dict[str, dict] = {}
        self.channels: dict[str, Channel] = {}
        self.log = Journal()
        self.gates = Gates()
        self.app = TestApp(self.log, self.gates)
        self._nodes: dict[str, MeshNode] = {}
        self._credentials: dict[str, str] = {}
        self._mesh_options: dict[str, dict] = {}
        self._ops: dict[str, _Started] = {}
        self._impostors: list[Listener] = []
        self._closed = False

    # ---- description -------------------------------------------------------------------------

    async def describe(self) -> dict:
        return {
            'name': NAME, 'version': VERSION, 'backend': 'python-asyncio',
            'capabilities': list(CAPABILITIES), 'timings': dict(self.timings), 'failpoints': list(FAILPOINTS),
        }

    # ---- topology ----------------------------------------------------------------------------

    def _node(self, rid: Any) -> MeshNode:
        node = self._nodes.get(rid) if isinstance(rid, str) else None
        if node is None:
            raise DriverError(f'no node with RID {rid}')
        return node

    def _start_node(self, mesh: str, rid: str) -> MeshNode:
        if not isinstance(rid, str) or not rid:
            raise DriverError(f'a node needs a RID, got {rid!r}')
        credential = self._credentials.setdefault(mesh, secrets.token_hex(16))
        options = self._mesh_options.get(mesh) or {}
        node = MeshNode(self, rid, mesh, credential, options.get('queueCapacity', DEFAULT_QUEUE_CAPACITY), options.get('workers', DEFAULT_WORKERS))
        self._nodes[rid] = node
        node.start()
        return node

    async def _connect(self, nodes: list[MeshNode], towards: Optional[str] = None) -> None:
        """Every node connects to the other nodes of its mesh; wait until those links are ready."""
        for node in nodes:
            node.connect_peers()
        waits = [asyncio.ensure_future(link.when_ready()) for node in nodes for rid, link in node.links.items() if towards is None or rid == towards or node.rid == towards]
        if not waits:
            return
        try:
            _done, pending = await asyncio.wait(waits, timeout=START_WITHIN_S)
        finally:
            for w in waits:
                w.cancel()
        if pending:
            raise DriverError(f'peer connections were not ready within {START_WITHIN_S:.0f} s')

    async def start(self, topology: dict) -> None:
        started: list[MeshNode] = []
        for mesh in topology.get('meshes', []):
            name = mesh['name']
            self._mesh_options[name] = mesh.get('nodeOptions') or {}
            for rid in mesh['nodes']:
                if rid in self._nodes:
                    raise DriverError(f'node {rid} already exists')
                started.append(self._start_node(name, rid))
        await self._connect(started)

    async def addNode(self, mesh: str, rid: str) -> None:
        if rid in self._nodes:
            raise DriverError(f'node {rid} already exists')
        node = self._start_node(mesh, rid)
        await self._connect([n for n in self._nodes.values() if n.mesh == mesh and n.running], towards=node.rid)

    async def configureNode(self, rid: str, options: dict) -> None:
        node = self._node(rid)
        if options.get('queueCapacity') is not None:
            node.queue.capacity = int(options['queueCapacity'])
        if options.get('workers') is not None:
            node.queue.workers = int(options['workers'])
        node.queue.pump()

    async def addChannel(self, spec: dict) -> None:
        kind = spec.get('kind')
        if kind not in ('routemesh', 'clientserver'):
            raise DriverError(f'unknown channel kind {kind!r}')
        servers = []
        for s in spec.get('servers', []):
            self._node(s.get('node'))
            servers.append({'node': s['node'], 'weight': s.get('weight', 1) if kind == 'routemesh' else 1, 'state': s.get('state', 'Ready')})
        self.channels[spec['name']] = Channel(spec['name'], kind, servers)

    async def setServer(self, channel: str, server: dict) -> None:
        entry = self.channels.get(channel)
        if entry is None:
            raise DriverError(f'no channel named {channel}')
        s = next((x for x in entry.servers if x['node'] == server.get('node')), None)
        if s is None:
            raise DriverError(f'{server.get("node")} does not serve channel {channel}')
        if server.get('weight') is not None:
            s['weight'] = server['weight']
        if server.get('state') is not None:
            s['state'] = server['state']

    # ---- operations --------------------------------------------------------------------------

    async def submit(self, spec: dict) -> dict:
        kind = spec.get('kind')
        if kind not in ('channel-request', 'node-direct'):
            raise DriverError(f'operation kind {kind!r} needs a capability this runtime does not report')
        node = self._node(spec.get('from'))
        payload = spec.get('payload')
        if not isinstance(payload, dict):
            raise DriverError('an operation needs a payload object')
        op_id = f'{node.rid}-{uuid.uuid4()}'
        deadline_at = now_ms() + int(spec.get('deadlineMs') or self.timings['defaultDeadlineMs'])
        outcome = asyncio.get_running_loop().create_future()

        def deliver(result: dict) -> None:
            # The application on the calling node receives the result; a process that is gone or
            # stopped has no application left to receive anything.
            if not node.running:
                return
            self.app.result(node.rid, op_id, result['status'], result.get('errorKind'))
            if not outcome.done():
                outcome.set_result(result)

        op = Operation(op_id, payload, deadline_at, deliver)
        self._ops[op_id] = _Started(op, node, outcome)
        if not node.running:
            op.finish('shutdown')
        elif kind == 'channel-request':
            op.task = asyncio.ensure_future(channel_request(self, node, op, str(spec.get('channel'))))
        else:
            op.task = asyncio.ensure_future(node_direct(self, node, op, str(spec.get('mesh')), str(spec.get('to'))))
        return {'opId': op_id}

    def _started(self, op_id: str) -> _Started:
        started = self._ops.get(op_id)
        if started is None:
            raise DriverError(f'no operation {op_id}')
        return started

    async def outcome(self, op_id: str, wait_ms: float) -> Optional[dict]:
        fut = self._started(op_id).outcome
        if not fut.done() and wait_ms > 0:
            try:
                await asyncio.wait_for(asyncio.shield(fut), wait_ms / 1000)
            except asyncio.TimeoutError:
                pass
        return fut.result() if fut.done() else None

    async def cancel(self, op_id: str) -> None:
        self._started(op_id).op.finish('cancelled')

    async def shutdown(self, rid: str) -> None:
        node = self._node(rid)
        for s in self._ops.values():
            if s.node is node:
                s.op.finish('shutdown')
        node.shutdown()

    async def releaseGate(self, gate: str) -> None:
        self.gates.release(gate)

    # ---- observations ------------------------------------------------------------------------

    async def peer(self, rid: str, peer: str) -> dict:
        return self._node(rid).peer_view(peer)

    async def node(self, rid: str) -> dict:
        return self._node(rid).view()

    async def journal(self) -> list[dict]:
        return self.log.all()

    async def storeLog(self) -> list[dict]:
        return []  # no Location Store: no Store calls were made

    async def lookup(self, object_id: str) -> dict:
        raise DriverError('lookup: this runtime has no Actors or Spots (capability objects is not reported)')

    async def relocation(self, object_id: str) -> dict:
        raise DriverError('relocation: this runtime has no relocation (capability relocation is not reported)')

    async def session(self, client: str) -> dict:
        raise DriverError('session: this runtime has no Sessions (capability sessions is not reported)')

    # ---- faults ------------------------------------------------------------------------------

    def _abort_ops_of(self, node: MeshNode) -> None:
        for s in self._ops.values():
            if s.node is node:
                s.op.abort()

    async def fault(self, f: dict) -> dict:
        at = now_ms()
        kind = f.get('kind')
        if kind in ('store-down', 'store-up', 'store-slow', 'deregister'):
            raise DriverError(f'fault {kind} needs capability store-faults, which this runtime does not report')
        node = self._node(f.get('node'))
        if kind == 'crash':
            node.crash()
            self._abort_ops_of(node)
        elif kind == 'hang':
            node.hang()
        elif kind == 'close-connection':
            self._node(f.get('peer'))
            mode = f.get('mode')
            if mode not in ('orderly', 'error'):
                raise DriverError(f'unknown close mode {mode!r}')
            # The peer ends the connection `node` made to it (orderly), or the transport fails.
            if not self._nodes[f['peer']].close_inbound_from(node.rid, mode):
                raise DriverError(f'no connection from {node.rid} to {f["peer"]}')
        elif kind == 'move':
            node.move()
        elif kind == 'impostor':
            self._impostor(node, f.get('as'))
        elif kind == 'restart':
            if node.alive:
                raise DriverError(f'node {node.rid} is running; only a crashed node can be restarted')
            restarted = self._start_node(node.mesh, node.rid)
            restarted.connect_peers()
        elif kind == 'failpoint':
            name = f.get('name')
            if name != 'transport.ack-lost-after-write':
                raise DriverError(f'failpoint {name} is not one this runtime fires')
            peer = f.get('peer')
            if peer is None:
                raise DriverError(f'failpoint {name} needs a peer')
            self._node(peer)
            node.arm_ack_lost(peer)
        else:
            raise DriverError(f'unknown fault {kind!r}')
        return {'at': at}

    def _impostor(self, node: MeshNode, as_rid: Optional[str]) -> None:
        """The node vanishes; something answers at its address. Without `as` it lacks the mesh
        credential; with `as` it is a member of the mesh proving its own, other identity."""
        if as_rid is not None:
            self._node(as_rid)
        address = node.address
        node.vanish()
        self._abort_ops_of(node)
        credential = self._credentials[node.mesh] if as_rid else secrets.token_hex(16)
        claims = as_rid or node.rid

        def on_accept(conn: Any) -> None:
            def on_frame(frame: dict) -> None:
                if frame.get('t') == 'hello':
                    conn.send({'t': 'welcome', 'rid': claims, 'proof': proof(credential, claims, str(frame.get('connectionId')))})
                elif frame.get('t') == 'ping':
                    conn.send({'t': 'pong'})

            conn.on_frame(on_frame)

        self._impostors.append(self.network.listen(address, on_accept))

    # ---- the end -----------------------------------------------------------------------------

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for node in self._nodes.values():
            node.crash()
        for s in self._ops.values():
            s.op.abort()
        for listener in self._impostors:
            listener.close()
