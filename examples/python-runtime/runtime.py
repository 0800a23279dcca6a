#!/usr/bin/env python3
"""spotcheck's Python example runtime: the channel-and-connection group of the failure-handling
spec, served to the kit over its wire protocol (JSON-RPC 2.0 over stdio).

    node bin/spotcheck.js run --impl "exec:python3 examples/python-runtime/runtime.py" --level core

Standard library only. See README.md beside this file.
"""

import os
import sys

if sys.version_info < (3, 9):
    sys.stderr.write('spotcheck python runtime: needs Python 3.9 or later\n')
    sys.exit(2)

sys.dont_write_bytecode = True  # leave the working tree as it was
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from spotpy.wire import main  # noqa: E402

if __name__ == '__main__':
    main()
