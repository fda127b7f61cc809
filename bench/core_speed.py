"""How fast this machine's core is right now, so that speed figures taken on different
days can be compared: the cores of this machine class have run from 0.28 s to 0.70 s for
the same loop, idle. The interpreter counts too: Debian's build of Python 3.11 runs the
loop in about 0.23 s on the core where a plain source build (pyenv's default) takes 0.28 s,
so a bench names the interpreter it ran on."""

from __future__ import annotations

import os
import platform
import sys
import time

#: CPU seconds of ``reference_loop`` on an idle fast core of this machine class (2 cores,
#: measured idle, on a plain source build of Python 3.11; the benches scale their figures
#: by it).
IDLE_REFERENCE = 0.28


def reference_loop(n: int = 10_000_000) -> float:
    """CPU seconds for ``n`` additions in a function (about 0.28 s for ten million on an
    idle fast core here)."""
    start = time.process_time()
    total = 0
    for i in range(n):
        total += i
    return time.process_time() - start


def interpreter() -> str:
    """The Python that runs the bench: version and executable."""
    return f"Python {platform.python_version()} ({os.path.realpath(sys.executable)})"


def describe() -> str:
    """One line for a bench's output: the loop's time now against the idle fast core, and
    the interpreter."""
    return (f"reference loop (ten million additions): {reference_loop():.2f} CPU s "
            f"(idle fast core {IDLE_REFERENCE} on a plain source build); {interpreter()}")
