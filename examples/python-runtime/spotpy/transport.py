"""In-process transport: the only way nodes reach each other.

Nodes share one Python process, but they never touch each other's objects: a node listens at an
address, another node connects to that address, and the two ends of the connection exchange
frames. Every frame is serialized to JSON when it is written and parsed again when it arrives, on a
later turn of the event loop, in the order written. The faults of the kit act on connections the
way a real network would show them:

- close(mode): this end hangs up; the other end hears 'orderly' or 'error' after every frame
  written before the close has arrived.
- fail(): the transport breaks; both ends hear 'error', frames still on their way are lost.
- abandon(): the process behind this end is gone without a word (a crash). The other end hears
  nothing at all: for it the connection is half-open until its liveness check gives up.
- fail_after_next_write: the next frame written is delivered, then the transport breaks before
  anything can come back (the `transport.ack-lost-after-write` failpoint).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import uuid
from typing import Callable, Optional

Frame = dict


class ConnectFailed(Exception):
    """Nothing listens at the address."""


class _Pipe:
    """The state both ends of one connection share."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.id = str(uuid.uuid4())
        self.open = True
        # An end asked to close: nothing new is written, what was written still arrives.
        self.closing = False
        self.ends = (Endpoint(self, 0), Endpoint(self, 1))

    def fail(self) -> None:
        if not self.open:
            return
        self.open = False
        for end in self.ends:
            end._closed('error')


class Endpoint:
    """One end of a connection."""

    def __init__(self, pipe: _Pipe, side: int):
        self._pipe = pipe
        self._side = side
        self._on_frame: Optional[Callable[[Frame], None]] = None
        self._on_close: Optional[Callable[[str], None]] = None
        self._early: list[str] = []
        self._abandoned = False
        self._close_heard = False
        self.fail_after_next_write = False

    @property
    def other(self) -> 'Endpoint':
        return self._pipe.ends[1 - self._side]

    @property
    def is_open(self) -> bool:
        return self._pipe.open and not self._pipe.closing and not self._abandoned

    def on_frame(self, handler: Callable[[Frame], None]) -> None:
        self._on_frame = handler
        early, self._early = self._early, []
        for data in early:
            self._deliver(data)

    def on_close(self, handler: Callable[[str], None]) -> None:
        self._on_close = handler

    def send(self, frame: Frame) -> None:
        if not self.is_open:
            return
        data = json.dumps(frame)
        fail_after = self.fail_after_next_write
        self.fail_after_next_write = False
        pipe = self._pipe

        def arrive() -> None:
            if not pipe.open:
                return
            self.other._deliver(data)
            if fail_after:
                pipe.fail()

        pipe.loop.call_soon(arrive)

    def _deliver(self, data: str) -> None:
        if self._abandoned:
            return
        if self._on_frame is None:
            self._early.append(data)
            return
        self._on_frame(json.loads(data))

    def close(self, mode: str) -> None:
        """Hang up ('orderly' or 'error'); the other end hears it after what was already written."""
        pipe = self._pipe
        if not pipe.open or pipe.closing:
            return
        pipe.closing = True
        self._close_heard = True  # the closing side needs no news of its own close

        def hang_up() -> None:
            if not pipe.open:
                return
            pipe.open = False
            self.other._closed(mode)

        pipe.loop.call_soon(hang_up)

    def fail(self) -> None:
        """The transport under this connection breaks: both ends hear 'error'."""
        self._pipe.fail()

    def abandon(self) -> None:
        """The process behind this end is gone: it reads nothing, and the other end hears nothing."""
        self._abandoned = True
        self._on_frame = None
        self._on_close = None
        self._early = []

    def _closed(self, mode: str) -> None:
        if self._close_heard or self._abandoned:
            return
        self._close_heard = True
        if self._on_close is not None:
            self._on_close(mode)


class Listener:
    def __init__(self, network: 'Network', address: str, on_accept: Callable[[Endpoint], None]):
        self.network = network
        self.address = address
        self.on_accept = on_accept

    def close(self) -> None:
        if self.network._listeners.get(self.address) is self:
            del self.network._listeners[self.address]


class Network:
    """The addresses of one cluster and who listens at each."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self._listeners: dict[str, Listener] = {}
        self._numbers = itertools.count(1)

    def new_address(self, rid: str) -> str:
        return f'mem://{rid}/{next(self._numbers)}'

    def listen(self, address: str, on_accept: Callable[[Endpoint], None]) -> Listener:
        if address in self._listeners:
            raise ValueError(f'address {address} is in use')
        listener = Listener(self, address, on_accept)
        self._listeners[address] = listener
        return listener

    def connect(self, address: str) -> Endpoint:
        """A new connection to whatever listens at the address now; the listener hears of it on a
        later turn of the loop, before any frame written to it."""
        listener = self._listeners.get(address)
        if listener is None:
            raise ConnectFailed(address)
        pipe = _Pipe(self.loop)
        self.loop.call_soon(listener.on_accept, pipe.ends[1])
        return pipe.ends[0]
