"""A MeshNode: one process of the Framework, named by its RID within a RouteMesh.

It listens at an address published in the discovery descriptors, keeps a PeerLink to every other
node of its mesh, serves the connections peers make to it, and runs the operations it accepts.

Acceptance is explicit: an operation written to a node is either accepted into its bounded inbound
queue (from then on this node owns running it, once) or refused for capacity, at once. A node
answers on the connection the operation came in on and on no other: that connection is the reply
route, and when it is gone the reply is dropped (V05).

The process-level faults live here: crash (gone without a word), hang (alive but silent),
orderly shutdown, vanish (replaced at its address), move (a new address).
"""

from __future__ import annotations

import asyncio
import uuid
from collections import deque
from typing import TYPE_CHECKING, Awaitable, Callable, Optional

from .app import HandlerError
from .clock import now_ms
from .link import PeerLink, proof
from .transport import Endpoint, Listener

if TYPE_CHECKING:
    from .cluster import Cluster


class InboundQueue:
    """Bounded queue of accepted work. `capacity` is the waiting room beyond the free workers."""

    def __init__(self, capacity: int, workers: int, can_run: Callable[[], bool], spawn: Callable[[Awaitable], asyncio.Task]) -> None:
        self.capacity = capacity
        self.workers = workers
        self.running = 0
        self._waiting: deque[Callable[[], Awaitable]] = deque()
        self._stopped = False
        self._can_run = can_run
        self._spawn = spawn

    def offer(self, job: Callable[[], Awaitable]) -> bool:
        """True: accepted (it will run here, once). False: refused for capacity (it never runs here)."""
        free = max(0, self.workers - self.running)
        if self._stopped or len(self._waiting) >= self.capacity + free:
            return False
        self._waiting.append(job)
        self.pump()
        return True

    def pump(self) -> None:
        while not self._stopped and self._can_run() and self.running < self.workers and self._waiting:
            job = self._waiting.popleft()
            self.running += 1
            self._spawn(job()).add_done_callback(self._finished)

    def _finished(self, _task: asyncio.Task) -> None:
        self.running -= 1
        self.pump()

    def stop(self) -> None:
        self._stopped = True
        self._waiting.clear()

    def view(self) -> dict:
        return {'depth': len(self._waiting), 'capacity': self.capacity, 'running': self.running, 'workers': self.workers}


class _Inbound:
    """A connection a peer made to this node."""

    def __init__(self, conn: Endpoint) -> None:
        self.conn = conn
        self.peer: Optional[str] = None  # set once the peer proved who it is
        self.last_heard = now_ms()


class MeshNode:
    def __init__(self, cluster: 'Cluster', rid: str, mesh: str, credential: str, capacity: int, workers: int) -> None:
        self.cluster = cluster
        self.rid = rid
        self.mesh = mesh
        self.credential = credential
        self.timings = cluster.timings
        self.network = cluster.network
        self.incarnation = str(uuid.uuid4())
        # 'running', 'hung' (alive, silent) or 'dead'.
        self.state = 'running'
        self.links: dict[str, PeerLink] = {}
        self.queue = InboundQueue(capacity, workers, lambda: self.running, self._spawn)
        self._listener: Optional[Listener] = None
        self._inbound: set[_Inbound] = set()
        self._inbound_from: dict[str, _Inbound] = {}
        self._tasks: set[asyncio.Task] = set()
        self._tick_handle: Optional[asyncio.TimerHandle] = None
        # Failpoint transport.ack-lost-after-write, armed per peer; each fires once.
        self._ack_lost: set[str] = set()
        # select-one state of this caller, per channel (calling.py).
        self.round_robins: dict[str, dict[str, int]] = {}

    @property
    def running(self) -> bool:
        return self.state == 'running'

    @property
    def alive(self) -> bool:
        return self.state != 'dead'

    def discovery(self, rid: str) -> Optional[dict]:
        """The current discovery descriptor of a node: {mesh, address}."""
        return self.cluster.descriptors.get(rid)

    def _spawn(self, coro: Awaitable) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ---- life --------------------------------------------------------------------------------

    def start(self) -> None:
        self._listen_at_new_address()
        self._schedule_tick()

    def _listen_at_new_address(self) -> None:
        old = self._listener
        self._listener = self.network.listen(self.network.new_address(self.rid), self._on_inbound)
        self.cluster.descriptors[self.rid] = {'mesh': self.mesh, 'address': self._listener.address}
        if old is not None:
            old.close()

    def connect_peers(self) -> None:
        """Keep a connection to every other node of the mesh that discovery lists."""
        for rid, d in list(self.cluster.descriptors.items()):
            if rid != self.rid and d['mesh'] == self.mesh and rid not in self.links and self.running:
                link = PeerLink(self, rid)
                self.links[rid] = link
                link.connect()

    def _schedule_tick(self) -> None:
        self._tick_handle = asyncio.get_running_loop().call_later(self.timings['heartbeatIntervalMs'] / 1000, self._tick)

    def _tick(self) -> None:
        if self.state == 'dead':
            return
        self._schedule_tick()
        if not self.running:
            return  # a hung process probes nothing and answers nothing
        now = now_ms()
        for link in list(self.links.values()):
            link.tick(now)
        # The serving end of liveness: a caller that went silent is hung up on.
        for ib in list(self._inbound):
            if now - ib.last_heard > self.timings['livenessDeadlineMs']:
                self._drop_inbound(ib, 'error')

    # ---- serving peers -----------------------------------------------------------------------

    def _on_inbound(self, conn: Endpoint) -> None:
        ib = _Inbound(conn)
        self._inbound.add(ib)
        conn.on_frame(lambda f: self._on_inbound_frame(ib, f))
        conn.on_close(lambda _mode: self._forget_inbound(ib))

    def _forget_inbound(self, ib: _Inbound) -> None:
        self._inbound.discard(ib)
        if ib.peer is not None and self._inbound_from.get(ib.peer) is ib:
            del self._inbound_from[ib.peer]

    def _drop_inbound(self, ib: _Inbound, mode: str) -> None:
        self._forget_inbound(ib)
        ib.conn.close(mode)

    def _on_inbound_frame(self, ib: _Inbound, frame: dict) -> None:
        if not self.running:
            return
        ib.last_heard = now_ms()
        t = frame.get('t')
        if t == 'hello':
            return self._on_hello(ib, frame)
        if ib.peer is None:
            return  # nothing is served before the handshake
        if t == 'ping':
            ib.conn.send({'t': 'pong'})
        elif t == 'submit':
            self._on_submit(ib, frame)

    def _on_hello(self, ib: _Inbound, frame: dict) -> None:
        caller = frame.get('from')
        connection_id = frame.get('connectionId')
        verified = (
            frame.get('mesh') == self.mesh and frame.get('to') == self.rid and isinstance(caller, str)
            and isinstance(connection_id, str) and frame.get('proof') == proof(self.credential, caller, connection_id)
        )
        if not verified:
            ib.conn.send({'t': 'refuse', 'reason': 'identity not verified'})
            return self._drop_inbound(ib, 'orderly')
        ib.peer = caller
        self._inbound_from[caller] = ib
        ib.conn.send({'t': 'welcome', 'rid': self.rid, 'proof': proof(self.credential, self.rid, connection_id)})

    def _on_submit(self, ib: _Inbound, frame: dict) -> None:
        op_id, payload, deadline_at = frame.get('opId'), frame.get('payload'), frame.get('deadlineAt')
        if not isinstance(op_id, str) or not isinstance(payload, dict):
            return ib.conn.send({'t': 'rejected', 'opId': str(op_id), 'reason': 'malformed'})
        # The deadline travels with the operation: past it, nothing is accepted.
        if isinstance(deadline_at, (int, float)) and deadline_at <= now_ms():
            return ib.conn.send({'t': 'rejected', 'opId': op_id, 'reason': 'deadline'})

        async def job() -> None:
            result = await self.run(op_id, payload)
            if result is not None and self.running:
                # The reply route is the connection the operation came in on, and only that one.
                ib.conn.send({'t': 'result', 'opId': op_id, **result})

        accepted = self.queue.offer(job)
        ib.conn.send({'t': 'accepted', 'opId': op_id} if accepted else {'t': 'rejected', 'opId': op_id, 'reason': 'capacity'})

    def submit_local(self, op_id: str, payload: dict) -> Optional[asyncio.Future]:
        """The caller is the target: into its own queue. The completion, or None when refused."""
        done = asyncio.get_running_loop().create_future()

        async def job() -> None:
            result = await self.run(op_id, payload)
            if result is not None and not done.done():
                done.set_result(result)

        return done if self.queue.offer(job) else None

    async def run(self, op_id: str, payload: dict) -> Optional[dict]:
        """Run accepted work: the handler's result, or None when this process is gone meanwhile."""
        if not self.alive:
            return None
        try:
            value = await self.cluster.app.handle(self.rid, op_id, payload)
            result = {'ok': True, 'value': value}
        except HandlerError:
            result = {'ok': False, 'errorKind': 'HandlerError'}
        return result if self.alive else None

    # ---- faults ------------------------------------------------------------------------------

    def _end(self, how: str) -> None:
        if self.state == 'dead':
            return
        self.state = 'dead'
        if self._tick_handle is not None:
            self._tick_handle.cancel()
        if self._listener is not None:
            self._listener.close()
        self.queue.stop()
        for task in list(self._tasks):
            task.cancel()
        for link in self.links.values():
            link.stop(how)
        for ib in list(self._inbound):
            if how == 'abandon':
                ib.conn.abandon()
            else:
                ib.conn.close(how)
        self._inbound.clear()
        self._inbound_from.clear()

    def crash(self) -> None:
        """The process dies: no goodbye on any connection, nothing of it goes on."""
        self._end('abandon')

    def hang(self) -> None:
        """The process stops (like SIGSTOP): connections stay open, nothing is read or written."""
        if self.state == 'running':
            self.state = 'hung'

    def shutdown(self) -> None:
        """Orderly shutdown: every connection is closed with a goodbye."""
        self._end('orderly')

    def vanish(self) -> None:
        """Something else takes the node's address: its connections fail."""
        self._end('error')

    @property
    def address(self) -> str:
        assert self._listener is not None
        return self._listener.address

    def move(self) -> None:
        """Planned move: listen at a new address, publish it, close the old connections orderly."""
        self._listen_at_new_address()
        for ib in list(self._inbound):
            self._drop_inbound(ib, 'orderly')

    def close_inbound_from(self, peer: str, mode: str) -> bool:
        """This node ends the connection `peer` made to it: orderly, or as a transport error."""
        ib = self._inbound_from.get(peer)
        if ib is None:
            return False
        if mode == 'orderly':
            self._drop_inbound(ib, 'orderly')
        else:
            self._forget_inbound(ib)
            ib.conn.fail()
        return True

    def arm_ack_lost(self, peer: str) -> None:
        self._ack_lost.add(peer)

    def take_ack_lost(self, peer: str) -> bool:
        armed = peer in self._ack_lost
        self._ack_lost.discard(peer)
        return armed

    # ---- observations ------------------------------------------------------------------------

    def view(self) -> dict:
        return {'rid': self.rid, 'alive': self.alive, 'host': 'Ready', 'queue': self.queue.view()}

    def peer_view(self, peer: str) -> dict:
        link = self.links.get(peer)
        if link is None:
            return {'node': self.rid, 'peer': peer, 'ready': False, 'history': []}
        return link.view()
