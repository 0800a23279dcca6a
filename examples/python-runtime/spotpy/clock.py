"""The runtime's clock. Every `at` the kit reads (peer events, journal entries, fault results) comes
from here, so they can be compared with each other."""

import time


def now_ms() -> int:
    return int(time.time() * 1000)
