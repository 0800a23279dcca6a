#!/usr/bin/env python3
"""An adversarial runtime for the kit's own tests (test/node-program-fixtures.test.ts): the Python
example runtime, changed to cheat in two ways a runtime author could.

(a) It ignores every fault request it gets: crash, hang, restart, close-connection, move, impostor
    are answered "done" and nothing is done. Under exec: (protocol 1, `--exec`) the kit has only its
    word; under node: (protocol 2, the default) the kit never asks: it does the faults itself.
(b) It keeps its memory across a restart: the connection ID a node last made ready to each peer is
    written to a file (named by the mesh credential and the RID, so per cluster), and a process
    that starts again under that RID dials each peer with it again, as if it had never died. The kit's restart is a new process with
    nothing else; what the process reloads itself is its own doing, and the scenario that checks a
    restarted node forgets (new connection IDs, V05) must fail on its assertion.
(c, d) With `--escape`, the node's work runs in a process that has left the process group the kit
    started it in (setsid, as a daemon would), while the process the kit started only waits: a
    SIGSTOP or SIGKILL sent to the group alone would leave the node answering while "hung" and its
    timers going on after a "crash". The kit reaches it anyway: it holds the node's stdio
    (src/harness/stdio-holders.ts), and the relays of its links are held or silenced.
"""

import hashlib
import json
import os
import sys
import tempfile
import uuid

sys.dont_write_bytecode = True
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'examples', 'python-runtime')
sys.path.insert(0, ROOT)

from spotpy import cluster, link, node_program, wire  # noqa: E402
from spotpy.clock import now_ms  # noqa: E402


# ---- (a) every fault request is answered "done", and nothing is done ------------------------------

async def _ignore(self, f):
    return {'at': now_ms()}

cluster.Cluster.fault = _ignore


# ---- (b) connection IDs outlive the process -----------------------------------------------------

class _Memory:
    """What a node remembers across its processes: the connection ID it last made ready to each
    peer. A process that starts again under the RID dials each peer with that ID again, until one
    of those dials is ready, as if it had never died."""

    def __init__(self):
        self.path = None
        self.ready_ids = {}  # peer -> the last connection ID that became ready (saved)
        self.earlier = {}  # peer -> the ID the previous process had (loaded at start)

    def bind(self, credential, rid):
        key = hashlib.sha256(f'{credential}|{rid}'.encode()).hexdigest()[:16]
        self.path = os.path.join(tempfile.gettempdir(), f'spotcheck-cheating-node-{key}.json')
        try:
            with open(self.path) as f:
                self.earlier = json.load(f)
        except (OSError, ValueError):
            self.earlier = {}

    def made_ready(self, peer, connection_id):
        self.ready_ids[peer] = connection_id
        self.earlier.pop(peer, None)
        if self.path:
            with open(self.path, 'w') as f:
                json.dump(self.ready_ids, f)


memory = _Memory()


class _Fixed:
    def __init__(self, value):
        self.value = value

    def uuid4(self):
        return self.value


_connect = link.PeerLink.connect
_welcome = link.PeerLink._welcome


def _connect_remembering(self):
    earlier = memory.earlier.get(self.peer)
    if earlier is None:
        return _connect(self)
    link.uuid = _Fixed(earlier)
    try:
        _connect(self)
    finally:
        link.uuid = uuid


def _welcome_remembering(self, dial, frame):
    _welcome(self, dial, frame)
    if self.ready:
        memory.made_ready(self.peer, self.connection_id)


link.PeerLink.connect = _connect_remembering
link.PeerLink._welcome = _welcome_remembering

_start = node_program.NodeWorld.start


async def _start_remembering(self, config):
    memory.bind(config.get('credential'), config.get('rid'))
    return await _start(self, config)

node_program.NodeWorld.start = _start_remembering

_world_fault = node_program.NodeWorld.fault


async def _world_ignore(self, f):
    if f.get('kind') == 'failpoint':
        return await _world_fault(self, f)
    return {'at': now_ms()}

node_program.NodeWorld.fault = _world_ignore


def _escape():
    """Fork; the child leaves the group and runs the node; the parent, the process the kit
    started, does nothing but wait for it."""
    child = os.fork()
    if child == 0:
        os.setsid()
        return
    try:
        os.waitpid(child, 0)
    finally:
        os._exit(0)


if __name__ == '__main__':
    if '--escape' in sys.argv[1:]:
        _escape()
    if '--exec' in sys.argv[1:]:
        wire.main()
    else:
        node_program.main()
