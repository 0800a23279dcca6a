"""The kit's wire protocol (docs/wire-protocol.md): JSON-RPC 2.0 over stdio, one JSON object a line.

`open` starts a Cluster of its own and names it (and states the protocol version); every other method is the Driver method of the same
name on the cluster `params.driver` names, with `params.args` as its arguments. Requests are served
concurrently (an `outcome` that waits must not hold up a `releaseGate`) and answered by id, in the
order they finish. When stdin closes, every cluster is closed, every task ends, and the process
exits.

stdin is read by one thread that hands each line to the event loop; everything else, writing to
stdout included, happens on the event loop's thread.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from typing import Any

from .cluster import Cluster, DriverError

# The version of the wire protocol this runtime speaks; `open` states it, and the kit refuses a
# runtime that speaks another.
PROTOCOL = '1'

DRIVER_METHODS = {
    'describe', 'start', 'addChannel', 'setServer', 'addNode', 'configureNode', 'submit', 'outcome', 'cancel',
    'shutdown', 'releaseGate', 'peer', 'node', 'journal', 'lookup', 'relocation', 'session', 'storeLog', 'fault', 'close',
}


class Server:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.clusters: dict[str, Cluster] = {}
        self.requests: set[asyncio.Task] = set()
        self.finished = loop.create_future()
        self._next = 0

    def write(self, message: dict) -> None:
        try:
            sys.stdout.write(json.dumps(message) + '\n')
            sys.stdout.flush()
        except (BrokenPipeError, ValueError):
            # The kit went away: nobody is left to answer.
            os._exit(0)

    def on_line(self, line: str) -> None:
        if not line.strip():
            return
        task = self.loop.create_task(self.handle(line))
        self.requests.add(task)
        task.add_done_callback(self.requests.discard)

    def on_eof(self) -> None:
        if not self.finished.done():
            self.finished.set_result(None)

    async def handle(self, line: str) -> None:
        try:
            req = json.loads(line)
        except ValueError:
            return self.write({'jsonrpc': '2.0', 'id': None, 'error': {'code': -32700, 'message': 'parse error: the request is not JSON'}})
        if not isinstance(req, dict):
            return self.write({'jsonrpc': '2.0', 'id': None, 'error': {'code': -32600, 'message': 'invalid request'}})
        rid, method, params = req.get('id'), req.get('method'), req.get('params') or {}
        try:
            result = await self.call(method, params)
            self.write({'jsonrpc': '2.0', 'id': rid, 'result': result})
        except asyncio.CancelledError:
            raise
        except _WireError as e:
            self.write({'jsonrpc': '2.0', 'id': rid, 'error': {'code': e.code, 'message': str(e)}})
        except DriverError as e:
            self.write({'jsonrpc': '2.0', 'id': rid, 'error': {'code': -32000, 'message': _one_line(str(e))}})
        except Exception as e:  # a defect of this runtime: still one line, never a dead process
            self.write({'jsonrpc': '2.0', 'id': rid, 'error': {'code': -32000, 'message': _one_line(f'{method}: {type(e).__name__}: {e}')}})

    async def call(self, method: Any, params: dict) -> Any:
        if method == 'open':
            self._next += 1
            name = f'd{self._next}'
            self.clusters[name] = Cluster()
            return {'driver': name, 'protocol': PROTOCOL}
        if method not in DRIVER_METHODS:
            raise _WireError(-32601, f'no method {method}')
        cluster = self.clusters.get(params.get('driver'))
        if cluster is None:
            raise _WireError(-32602, f'no open driver {params.get("driver")}')
        args = params.get('args') or []
        result = await getattr(cluster, method)(*args)
        if method == 'close':
            self.clusters.pop(params.get('driver'), None)
        return result

    async def close_all(self) -> None:
        for cluster in list(self.clusters.values()):
            await cluster.close()
        self.clusters.clear()


class _WireError(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def _one_line(text: str) -> str:
    return (text.splitlines() or [''])[0]


def _read_stdin(loop: asyncio.AbstractEventLoop, server: Server) -> None:
    stream = sys.stdin.buffer
    try:
        for raw in iter(stream.readline, b''):
            loop.call_soon_threadsafe(server.on_line, raw.decode('utf-8', errors='replace'))
    finally:
        try:
            loop.call_soon_threadsafe(server.on_eof)
        except RuntimeError:
            pass  # the loop is already closed


async def _serve(make_server: Any) -> None:
    loop = asyncio.get_running_loop()
    server = make_server(loop)
    threading.Thread(target=_read_stdin, args=(loop, server), name='stdin', daemon=True).start()
    await server.finished
    await server.close_all()
    # Nothing outlives stdin: requests still waiting (an `outcome` with time left) are dropped.
    for task in asyncio.all_tasks():
        if task is not asyncio.current_task():
            task.cancel()


def main(make_server: Any = Server) -> None:
    """Serve the wire protocol on stdio: a whole cluster per `open` (Server, protocol 1), or with
    node_program.NodeServer one node of a node program (protocol 2)."""
    asyncio.run(_serve(make_server))
