"""One node of a node program (protocol 2, docs/node-program.md): this process is one MeshNode, and
the kit owns everything around it. The kit started it, gives it its RID, mesh, credential, listen
address and its peers' addresses (the kit's relays) in `start`, reads its journal lines and the
results its application receives as notifications, and does every fault from outside (SIGKILL,
SIGSTOP, a new process, its relays). So there is no crash, hang, restart, close-connection, move or
impostor here: only the failpoint `transport.ack-lost-after-write`, which fires inside a write.

The node reuses the cluster's code: a NodeWorld is a Cluster (cluster.py) with one node in it, the
TCP transport (tcp.py) instead of the in-process one, and discovery from the kit's configuration.
"""

from __future__ import annotations

import asyncio
from typing import Any, Optional

from .app import Journal, TestApp
from .clock import now_ms
from .cluster import Channel, Cluster, DriverError
from .node import MeshNode
from .tcp import Network
from .wire import Server, _WireError

PROTOCOL = '2'


class NotifyingJournal(Journal):
    """The journal of a node program: every line goes to the kit as it is recorded, before the
    handler goes on (a SIGKILL cannot take back what was written)."""

    def __init__(self, emit: Any) -> None:
        super().__init__()
        self._emit = emit

    def record(self, kind: str, **fields: Any) -> None:
        super().record(kind, **fields)
        entry = dict(self._entries[-1])
        entry.pop('seq', None)  # the kit numbers and stamps lines on arrival
        entry.pop('at', None)
        self._emit('journal', entry)


class NodeWorld(Cluster):
    """A Cluster of one node, whose peers are other processes."""

    def __init__(self, emit: Any) -> None:
        super().__init__()
        self._emit = emit
        self.log = NotifyingJournal(emit)
        self.app = TestApp(self.log, self.gates)
        self.me: Optional[MeshNode] = None

    # ---- protocol 2 methods ------------------------------------------------------------------

    async def start(self, config: dict) -> dict:
        if self.me is not None:
            raise DriverError('start: this process already runs a node')
        rid, mesh = config['rid'], config['mesh']
        self.network = Network(asyncio.get_running_loop(), config.get('listen') or '127.0.0.1:0')
        self._credentials[mesh] = config['credential']
        self._mesh_options[mesh] = config.get('nodeOptions') or {}
        for peer, address in (config.get('peers') or {}).items():
            self.descriptors[peer] = {'mesh': mesh, 'address': address}
        for spec in config.get('channels') or []:
            await self.addChannel(spec)
        for gate in config.get('releasedGates') or []:
            self.gates.release(gate)
        self.me = self._start_node(mesh, rid)
        self.me.connect_peers()
        return {'address': self.me.address}

    async def waitPeers(self, peers: list, within_ms: float) -> None:
        me = self._me()
        waits = [asyncio.ensure_future(me.links[p].when_ready()) for p in peers if p in me.links]
        if len(waits) != len(peers):
            raise DriverError(f'waitPeers: {me.rid} has no link to some of {peers}')
        if not waits:
            return
        _done, pending = await asyncio.wait(waits, timeout=within_ms / 1000)
        for w in waits:
            w.cancel()
        if pending:
            raise DriverError(f'peer connections of {me.rid} were not ready within {within_ms:.0f} ms')

    async def discovery(self, peers: dict) -> None:
        """Where peers are now (a new node, or one the kit moved to new relays)."""
        me = self._me()
        for peer, address in peers.items():
            self.descriptors[peer] = {'mesh': me.mesh, 'address': address}
        me.connect_peers()

    async def addChannel(self, spec: dict) -> None:
        # The servers are other processes: this node knows them from the kit, not from a table of its own.
        kind = spec.get('kind')
        if kind not in ('routemesh', 'clientserver'):
            raise DriverError(f'unknown channel kind {kind!r}')
        servers = [{'node': s['node'], 'weight': s.get('weight', 1) if kind == 'routemesh' else 1, 'state': s.get('state', 'Ready')} for s in spec.get('servers', [])]
        self.channels[spec['name']] = Channel(spec['name'], kind, servers)

    async def submit(self, spec: dict) -> dict:
        result = await super().submit(spec)
        op_id = result['opId']
        # The application received its one result: the kit hears it (after the journal line).
        self._ops[op_id].outcome.add_done_callback(lambda f: f.cancelled() or self._emit('outcome', f.result()))
        return result

    async def fault(self, f: dict) -> dict:
        if f.get('kind') != 'failpoint':
            raise DriverError(f'fault {f.get("kind")!r} is the kit\'s to do from outside; a node program is asked only for failpoints')
        name, peer = f.get('name'), f.get('peer')
        if name != 'transport.ack-lost-after-write':
            raise DriverError(f'failpoint {name} is not one this runtime fires')
        if not isinstance(peer, str) or peer not in self._me().links:
            raise DriverError(f'failpoint {name} needs a peer of {self._me().rid}')
        self._me().arm_ack_lost(peer)
        return {'at': now_ms()}

    def _me(self) -> MeshNode:
        if self.me is None:
            raise DriverError('no node started in this process yet (start comes first)')
        return self.me


# Methods of protocol 2, and whether the node's own RID comes first in the Cluster method's arguments.
NODE_METHODS = {
    'describe': False, 'start': False, 'waitPeers': False, 'discovery': False, 'addChannel': False, 'setServer': False,
    'submit': False, 'cancel': False, 'releaseGate': False, 'fault': False,
    'configureNode': True, 'shutdown': True, 'peer': True, 'node': True,
}


class NodeServer(Server):
    """JSON-RPC on stdio for one node: `open` negotiates the protocol, then protocol 2's methods."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop)
        self.world: Optional[NodeWorld] = None

    def notify(self, method: str, params: Any) -> None:
        self.write({'jsonrpc': '2.0', 'method': method, 'params': params})

    async def call(self, method: Any, params: dict) -> Any:
        if method == 'open':
            offered = params.get('protocols') or []
            if PROTOCOL not in offered:
                raise _WireError(-32000, f'this node program speaks protocol {PROTOCOL}; the kit offered {offered}')
            if self.world is None:
                self.world = NodeWorld(self.notify)
            return {'protocol': PROTOCOL}
        if method not in NODE_METHODS:
            raise _WireError(-32601, f'no method {method}')
        if self.world is None:
            raise _WireError(-32000, 'open comes first')
        args = list(params.get('args') or [])
        if NODE_METHODS[method]:
            args = [self.world._me().rid, *args]
        return await getattr(self.world, method)(*args)

    async def close_all(self) -> None:
        if self.world is not None:
            await self.world.close()


def main() -> None:
    from .wire import main as serve
    serve(NodeServer)
