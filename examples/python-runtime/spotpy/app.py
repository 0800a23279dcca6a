"""The kit's test application (docs/driver.md, "The test application") and its journal.

A handler records its run in the journal before it does anything else, with the payload exactly
as it received it (the kit's `mark` included): the journal is the evidence of what ran, where.
The application on a calling node records every terminal result it receives.
"""

from __future__ import annotations

import asyncio
from typing import Any, Optional

from .clock import now_ms


class HandlerError(Exception):
    """The handler failed; the operation ends with ErrorKind HandlerError."""


class Journal:
    def __init__(self) -> None:
        self._entries: list[dict] = []

    def record(self, kind: str, **fields: Any) -> None:
        entry = {'seq': len(self._entries) + 1, 'at': now_ms(), 'kind': kind}
        entry.update(fields)
        self._entries.append(entry)

    def all(self) -> list[dict]:
        return list(self._entries)


class Gates:
    """Named gates that handlers of `{app: "block"}` wait on; shared by every node of a cluster."""

    def __init__(self) -> None:
        self._open: set[str] = set()
        self._waiting: dict[str, list[asyncio.Future]] = {}

    async def wait(self, gate: str) -> None:
        if gate in self._open:
            return
        fut = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(gate, []).append(fut)
        await fut

    def release(self, gate: str) -> None:
        self._open.add(gate)
        for fut in self._waiting.pop(gate, []):
            if not fut.done():
                fut.set_result(None)


class TestApp:
    def __init__(self, journal: Journal, gates: Gates) -> None:
        self.journal = journal
        self.gates = gates

    async def handle(self, node: str, op_id: str, payload: Any) -> Any:
        """Run the handler the payload names, on `node`; its reply value, or HandlerError."""
        self.journal.record('handler', node=node, opId=op_id, input=payload)
        app = payload.get('app') if isinstance(payload, dict) else None
        if app == 'echo':
            return payload.get('value')
        if app == 'block':
            await self.gates.wait(str(payload.get('gate')))
            return payload.get('value')
        if app == 'fail':
            raise HandlerError('the handler failed on purpose')
        raise HandlerError(f'unknown app {app!r}')

    def result(self, node: str, op_id: str, status: str, error_kind: Optional[str]) -> None:
        """The application on `node` receives the terminal result of an operation it started."""
        if error_kind:
            self.journal.record('result', node=node, opId=op_id, status=status, errorKind=error_kind)
        else:
            self.journal.record('result', node=node, opId=op_id, status=status)
