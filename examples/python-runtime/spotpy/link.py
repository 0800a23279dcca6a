"""A node's connection to one logical peer (spec section 3.2).

- Every connection, a reconnect too, gets a connection ID never used before and starts with the
  service handshake: the caller proves its RID with the mesh credential, and the peer must prove
  the RID this link is for. Anything else at the peer's address is refused (V05, R-CONN-3).
- The address comes from the peer's current discovery descriptor, read at every dial, so a peer
  that moved is found at its new address (R-CONN-3).
- An orderly close or a transport error makes the peer not-ready at once (R-CONN-1); a silent,
  half-open connection does within the liveness deadline (R-CONN-2).
- Operations written to a lost connection end with it: accepted ones as lost, the others with
  acceptance unknown. Nothing is carried over to the next connection, and nothing is written
  again anywhere (V03, V05): what the caller does next is the calling side's rule (calling.py).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import uuid
from typing import TYPE_CHECKING, Optional

from .clock import now_ms
from .transport import ConnectFailed, Endpoint

if TYPE_CHECKING:
    from .node import MeshNode

LOST = {'lost': True}


def proof(credential: str, rid: str, connection_id: str) -> str:
    """What only a holder of the mesh credential can say about `rid` on this connection."""
    return hmac.new(credential.encode(), f'{rid}|{connection_id}'.encode(), hashlib.sha256).hexdigest()


class _Dial:
    def __init__(self, conn: Endpoint, connection_id: str, address: str) -> None:
        self.conn = conn
        self.connection_id = connection_id
        self.address = address
        self.since = now_ms()


class Inflight:
    """An operation written to the peer: first its acceptance, then (if accepted) its completion."""

    def __init__(self, connection_id: str) -> None:
        loop = asyncio.get_running_loop()
        self.connection_id = connection_id
        self.accepted = False
        self.acceptance: asyncio.Future = loop.create_future()
        self.completion: asyncio.Future = loop.create_future()

    def settle_acceptance(self, value: tuple) -> None:
        if not self.acceptance.done():
            self.acceptance.set_result(value)

    def settle_completion(self, value: dict) -> None:
        if not self.completion.done():
            self.completion.set_result(value)


class PeerLink:
    def __init__(self, node: 'MeshNode', peer: str) -> None:
        self.node = node
        self.peer = peer
        self.ready = False
        self.connection_id: Optional[str] = None
        self.address: Optional[str] = None
        self.history: list[dict] = []
        self._conn: Optional[Endpoint] = None
        self._dial: Optional[_Dial] = None
        self._last_heard = 0
        self._inflight: dict[str, Inflight] = {}
        self._retry: Optional[asyncio.TimerHandle] = None
        self._stopped = False
        self._ready_waiters: list[asyncio.Future] = []

    # ---- connecting --------------------------------------------------------------------------

    def connect(self) -> None:
        if self._stopped or self._dial is not None or self.ready or not self.node.running:
            return
        descriptor = self.node.discovery(self.peer)
        if descriptor is None or descriptor['mesh'] != self.node.mesh:
            return self._retry_later()
        address = descriptor['address']
        try:
            conn = self.node.network.connect(address)
        except ConnectFailed:
            return self._retry_later()
        connection_id = str(uuid.uuid4())
        dial = _Dial(conn, connection_id, address)
        self._dial = dial
        conn.on_frame(lambda f: self._on_frame(conn, f))
        conn.on_close(lambda mode: self._on_close(conn, mode))
        conn.send({
            't': 'hello', 'mesh': self.node.mesh, 'from': self.node.rid, 'to': self.peer,
            'connectionId': connection_id, 'proof': proof(self.node.credential, self.node.rid, connection_id),
        })

    def _retry_later(self) -> None:
        if self._stopped or self._retry is not None:
            return

        def again() -> None:
            self._retry = None
            self.connect()

        self._retry = asyncio.get_running_loop().call_later(self.node.timings['reconnectBackoffMs'] / 1000, again)

    async def when_ready(self) -> None:
        if self.ready:
            return
        fut = asyncio.get_running_loop().create_future()
        self._ready_waiters.append(fut)
        await fut

    def _welcome(self, dial: _Dial, frame: dict) -> None:
        # The peer must prove the RID this link is for, on this very connection.
        verified = frame.get('rid') == self.peer and frame.get('proof') == proof(self.node.credential, self.peer, dial.connection_id)
        if not verified:
            return self._refused(dial)
        self._dial = None
        self._conn = dial.conn
        self.connection_id = dial.connection_id
        self.address = dial.address
        self._last_heard = now_ms()
        self.ready = True
        at = now_ms()
        self.history.append({'event': 'handshake', 'connectionId': dial.connection_id, 'address': dial.address, 'verifiedRid': self.peer, 'at': at})
        self.history.append({'event': 'ready', 'connectionId': dial.connection_id, 'address': dial.address, 'at': at})
        waiters, self._ready_waiters = self._ready_waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(None)

    def _refused(self, dial: _Dial) -> None:
        self._dial = None
        dial.conn.close('error')
        self.history.append({'event': 'not-ready', 'connectionId': dial.connection_id, 'address': dial.address, 'reason': 'handshake-refused', 'at': now_ms()})
        self._retry_later()

    # ---- frames ------------------------------------------------------------------------------

    def _on_frame(self, conn: Endpoint, frame: dict) -> None:
        if not self.node.running:
            return  # a hung or dead process reads nothing
        t = frame.get('t')
        if self._dial is not None and conn is self._dial.conn:
            if t == 'welcome':
                self._welcome(self._dial, frame)
            elif t == 'refuse':
                self._refused(self._dial)
            return
        if conn is not self._conn:
            return  # a frame of an earlier connection: its routes are gone
        self._last_heard = now_ms()
        op_id = frame.get('opId')
        entry = self._inflight.get(op_id) if isinstance(op_id, str) else None
        if entry is None:
            return
        if t == 'accepted':
            entry.accepted = True
            entry.settle_acceptance(('yes', 'accepted'))
        elif t == 'rejected':
            del self._inflight[op_id]
            entry.settle_acceptance(('no', str(frame.get('reason', 'refused'))))
        elif t == 'result':
            del self._inflight[op_id]
            if frame.get('ok'):
                entry.settle_completion({'ok': True, 'value': frame.get('value')})
            else:
                entry.settle_completion({'ok': False, 'errorKind': frame.get('errorKind')})

    def _on_close(self, conn: Endpoint, mode: str) -> None:
        if self._dial is not None and conn is self._dial.conn:
            self._dial = None
            return self._retry_later()
        if conn is not self._conn or not self.node.running:
            return
        self.lose('orderly-close' if mode == 'orderly' else 'transport-error')

    def lose(self, reason: str) -> None:
        """The connection is gone: not-ready now, what was written to it ends with it, then reconnect."""
        if not self.ready or self._conn is None:
            return
        self.ready = False
        self.history.append({'event': 'not-ready', 'connectionId': self.connection_id, 'address': self.address, 'reason': reason, 'at': now_ms()})
        self._conn.close('error')
        self._conn = None
        self._end_inflight()
        self._retry_later()

    def _end_inflight(self) -> None:
        inflight, self._inflight = self._inflight, {}
        for entry in inflight.values():
            if entry.accepted:
                entry.settle_completion(LOST)
            else:
                # Written, never answered: it may have been accepted. It is not written again.
                entry.settle_acceptance(('unknown', 'connection-lost'))

    def tick(self, now: int) -> None:
        """Every heartbeat interval: give up a handshake nobody answers, probe a ready connection."""
        timings = self.node.timings
        if self._dial is not None and now - self._dial.since > timings['livenessDeadlineMs']:
            dial, self._dial = self._dial, None
            dial.conn.close('error')
            self._retry_later()
            return
        if not self.ready or self._conn is None:
            return
        # Judged one interval ahead, so that a silent peer is not-ready within the deadline itself,
        # not up to one tick after it.
        if now - self._last_heard >= timings['livenessDeadlineMs'] - timings['heartbeatIntervalMs']:
            self.lose('liveness')
            return
        self._conn.send({'t': 'ping'})

    # ---- operations --------------------------------------------------------------------------

    def submit(self, op_id: str, payload: dict, deadline_at: int, fail_after_write: bool) -> Inflight:
        """Write an operation to the peer (non-blocking); the link must be ready."""
        assert self._conn is not None and self.connection_id is not None
        entry = Inflight(self.connection_id)
        self._inflight[op_id] = entry
        if fail_after_write:
            self._conn.fail_after_next_write = True
        self._conn.send({'t': 'submit', 'opId': op_id, 'from': self.node.rid, 'payload': payload, 'deadlineAt': deadline_at})
        return entry

    def stop(self, how: str) -> None:
        """The process is gone ('abandon') or shutting down ('orderly' / 'error')."""
        self._stopped = True
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        for conn in [c for c in (self._conn, self._dial.conn if self._dial else None) if c is not None]:
            if how == 'abandon':
                conn.abandon()
            else:
                conn.close(how)
        self._conn = None
        self._dial = None
        self.ready = False

    def view(self) -> dict:
        v: dict = {'node': self.node.rid, 'peer': self.peer, 'ready': self.ready and self.node.running, 'history': [dict(e) for e in self.history]}
        if self.connection_id:
            v['connectionId'] = self.connection_id
        if self.address:
            v['address'] = self.address
        return v
