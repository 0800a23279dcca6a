#!/usr/bin/env python3
"""spotcheck's Python example runtime as a node program: this process runs ONE node; the kit starts
one per node of the topology and does every fault from outside (docs/node-program.md).

    node bin/spotcheck.js run --impl "node:python3 examples/python-runtime/node.py" --level core

Standard library only; the same modules (spotpy/) as runtime.py, over TCP (spotpy/tcp.py).
"""

import os
import sys

if sys.version_info < (3, 9):
    sys.stderr.write('spotcheck python node program: needs Python 3.9 or later\n')
    sys.exit(2)

sys.dont_write_bytecode = True  # leave the working tree as it was
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from spotpy.node_program import main  # noqa: E402

if __name__ == '__main__':
    main()
