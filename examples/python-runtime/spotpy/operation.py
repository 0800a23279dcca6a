"""One operation the application on a node started, and its one terminal result (spec section 2,
R-GEN-3): whichever of reply, failure, timeout, cancellation or shutdown is confirmed first is the
result; every later signal is dropped here. The deadline is a timer on the event loop that ends
the operation with `timeout` when it fires. Ending the operation also stops the task that was
sending it, so nothing goes on trying to deliver it anywhere.

An outcome carries the status, the ErrorKind of a failure, the reply, and the attempts: nothing
else, in particular no advice on whether to retry (R-GEN-4).
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Optional

from .clock import now_ms


class Operation:
    def __init__(self, op_id: str, payload: dict, deadline_at: int, deliver: Callable[[dict], None]) -> None:
        self.op_id = op_id
        # The application's message, carried unchanged to whichever target runs it.
        self.payload = payload
        self.deadline_at = deadline_at
        self.attempts: list[dict] = []
        self.ended = False
        self.task: Optional[asyncio.Task] = None
        self._deliver = deliver
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, (deadline_at - now_ms()) / 1000), self._deadline)

    def _deadline(self) -> None:
        # Timers fire on the loop's own clock; make sure the wall-clock deadline has really passed.
        left = self.deadline_at - now_ms()
        if left > 0:
            self._timer = asyncio.get_running_loop().call_later(left / 1000, self._deadline)
            return
        for a in self.attempts:
            if a['reason'] == 'pending':
                a['reason'] = 'no-answer-by-deadline'
        self.finish('timeout')

    def finish(self, status: str, error_kind: Optional[str] = None, reply: Any = None) -> None:
        """A terminal signal. Only the first one reaches the application."""
        if self.ended:
            return
        self._stop()
        outcome: dict = {'opId': self.op_id, 'status': status, 'attempts': [dict(a) for a in self.attempts]}
        if error_kind:
            outcome['errorKind'] = error_kind
        if status == 'reply':
            outcome['reply'] = reply
        self._deliver(outcome)

    def abort(self) -> None:
        """The process that started the operation is gone: there is no application to tell."""
        if not self.ended:
            self._stop()

    def _stop(self) -> None:
        self.ended = True
        self._timer.cancel()
        task = self.task
        if task is not None and task is not asyncio.current_task() and not task.done():
            task.cancel()
