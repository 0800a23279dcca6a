"""TCP transport for a node program (node.py): the same interface as transport.py's in-process
network (Network, Listener, Endpoint), over real sockets, one JSON frame a line.

A node program's process runs one node; its peers are other processes, reached at the addresses the
kit gave (the kit's relays). The faults the kit does from outside look to this code as they would
on a real network: a relay that ends a connection orderly is an EOF ('orderly'), one that resets it
is a reset ('error'), a peer that was SIGKILLed or SIGSTOPped behind a silent relay says nothing at
all (liveness finds it out, link.py).

- close(mode): this end hangs up: 'orderly' sends what was written, then a FIN, and reads on until
  the other end closes too (never a reset for data it had not read); 'error' resets (RST).
- fail(): the transport breaks under this end: it hears 'error' now, and reads nothing more; what
  was already written still leaves, then a FIN (the `transport.ack-lost-after-write` failpoint: the
  operation reaches the peer, nothing comes back).
- abandon(): this end stops reading and telling; the socket is left as it is.
"""

from __future__ import annotations

import asyncio
import json
import socket
import struct
from typing import Callable, Optional

Frame = dict

# How long an orderly close waits for the other end to close in turn before it lets the socket go.
ORDERLY_CLOSE_WAIT_S = 2.0


class ConnectFailed(Exception):
    """The address is not a host:port."""


def _split(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(':')
    if not host or not port.isdigit():
        raise ConnectFailed(address)
    return host, int(port)


class Endpoint(asyncio.Protocol):
    def __init__(self) -> None:
        self._transport: Optional[asyncio.Transport] = None
        self._on_frame: Optional[Callable[[Frame], None]] = None
        self._on_close: Optional[Callable[[str], None]] = None
        self._early: list[Frame] = []
        self._buffer = b''
        self._unsent: list[bytes] = []
        self._closing: Optional[str] = None  # asked to close before the connection was made
        self._ended = False  # this end hung up, or heard the end
        self._close_heard = False
        self._abandoned = False
        self.fail_after_next_write = False

    # ---- asyncio.Protocol --------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]
        sock = transport.get_extra_info('socket')
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for data in self._unsent:
            self._transport.write(data)
        self._unsent = []
        if self._closing is not None:
            mode, self._closing = self._closing, None
            self._ended = False
            self.close(mode)

    def data_received(self, data: bytes) -> None:
        if self._abandoned or self._ended:
            return
        self._buffer += data
        while b'\n' in self._buffer and not self._ended:
            line, self._buffer = self._buffer.split(b'\n', 1)
            if not line.strip():
                continue
            try:
                frame = json.loads(line)
            except ValueError:
                continue  # not a frame of ours: skipped, as a peer of another protocol would be
            self._deliver(frame)

    def eof_received(self) -> bool:
        self._heard('orderly')
        return False

    def connection_lost(self, exc: Optional[Exception]) -> None:
        self._heard('error' if exc is not None else 'orderly')

    # ---- the interface of transport.Endpoint -------------------------------------------------

    @property
    def is_open(self) -> bool:
        return not self._ended and not self._abandoned and self._closing is None

    def on_frame(self, handler: Callable[[Frame], None]) -> None:
        self._on_frame = handler
        early, self._early = self._early, []
        for frame in early:
            self._deliver(frame)

    def on_close(self, handler: Callable[[str], None]) -> None:
        self._on_close = handler

    def _deliver(self, frame: Frame) -> None:
        if self._on_frame is None:
            self._early.append(frame)
        else:
            self._on_frame(frame)

    def send(self, frame: Frame) -> None:
        if not self.is_open:
            return
        data = (json.dumps(frame) + '\n').encode()
        if self._transport is None:
            self._unsent.append(data)
        else:
            self._transport.write(data)
        if self.fail_after_next_write:
            self.fail_after_next_write = False
            self.fail()

    def close(self, mode: str) -> None:
        if self._ended:
            return
        if self._transport is None:
            self._closing = mode
            self._ended = True
            self._close_heard = True
            return
        self._ended = True
        self._close_heard = True  # the closing side needs no news of its own close
        if mode == 'orderly':
            self._close_orderly()
        else:
            sock = self._transport.get_extra_info('socket')
            if sock is not None:
                # SO_LINGER 0: the close is a reset (RST), as a failed transport is seen.
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))
            self._transport.abort()

    def _close_orderly(self) -> None:
        """A half-close: FIN after what was written, then read on (and drop) until the other end
        closes too. Closing a socket while data it has not read is in it sends a reset (RST)
        instead of a FIN: a heartbeat arriving just as the node shut down made its peers hear a
        transport error, not the orderly close they must reflect (liveness.feature:53)."""
        transport = self._transport
        if transport is None or not transport.can_write_eof():
            if transport is not None:
                transport.close()
            return
        transport.write_eof()
        # The other end's close ends it (eof_received); a peer that never closes is let go anyway.
        asyncio.get_running_loop().call_later(ORDERLY_CLOSE_WAIT_S, transport.close)

    def fail(self) -> None:
        """The transport breaks under this end: it hears 'error' at once and reads nothing more;
        what was written still leaves, then the connection ends."""
        if self._ended:
            return
        asyncio.get_running_loop().call_soon(self._heard, 'error')
        self._ended = True
        if self._transport is not None:
            self._transport.close()

    def abandon(self) -> None:
        self._abandoned = True
        self._on_frame = None
        self._on_close = None
        self._early = []

    def _heard(self, mode: str) -> None:
        self._ended = True
        if self._close_heard or self._abandoned:
            return
        self._close_heard = True
        if self._on_close is not None:
            self._on_close(mode)


class Listener:
    def __init__(self, address: str, server_task: asyncio.Task, sock: socket.socket) -> None:
        self.address = address
        self._task = server_task
        self._sock = sock
        self._server: Optional[asyncio.AbstractServer] = None
        server_task.add_done_callback(self._started)

    def _started(self, task: asyncio.Task) -> None:
        if not task.cancelled() and task.exception() is None:
            self._server = task.result()

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
        else:
            self._task.cancel()
            self._sock.close()


class Network:
    """Listening and dialing over TCP, for the one node of this process."""

    def __init__(self, loop: asyncio.AbstractEventLoop, listen: str = '127.0.0.1:0') -> None:
        self.loop = loop
        self.listen_at = listen

    def new_address(self, rid: str) -> str:
        return self.listen_at

    def listen(self, address: str, on_accept: Callable[[Endpoint], None]) -> Listener:
        """Bound and listening now (so the address is known at once); accepting from the loop."""
        host, port = _split(address)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
        sock.setblocking(False)
        bound = f'{host}:{sock.getsockname()[1]}'

        def accepted() -> Endpoint:
            end = Endpoint()
            self.loop.call_soon(on_accept, end)
            return end

        task = self.loop.create_task(self.loop.create_server(accepted, sock=sock))
        return Listener(bound, task, sock)

    def connect(self, address: str) -> Endpoint:
        """A connection being made; a dial that fails is heard as a close ('error') on the endpoint."""
        host, port = _split(address)
        end = Endpoint()

        async def dial() -> None:
            try:
                await self.loop.create_connection(lambda: end, host, port)
            except OSError:
                end._heard('error')

        self.loop.create_task(dial())
        return end
