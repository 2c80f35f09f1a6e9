"""Ending the process after ``kubegap audit`` without freeing its heap object by object.

An audit of a 150,000-pod snapshot holds millions of dicts and lists. On a normal exit CPython
frees each of them (the command's frame as the exit unwinds it, then the modules at shutdown),
which costs seconds of CPU for memory the operating system reclaims at once anyway. A command
that builds such a heap calls :func:`keep_heap_at_exit`; :func:`exit_process`, called by
:func:`kubegap.cli.main` (the program's entry point, never an in-process caller such as a test
runner, the MCP server or the web app) while it handles the command's exit, then does what a
normal exit does that anyone can observe, and ends the process there:

- runs the ``atexit`` handlers (the Kubernetes client's, which delete its temporary certificate
  files, and ``weakref.finalize`` callbacks among them);
- flushes stdout and stderr (a pipe or a file keeps every byte); a stream that cannot be flushed
  (a closed pipe) is reported on stderr and makes the exit status 120;
- exits with the command's code.

It falls back to a normal exit whenever that would not be the same: the exit code is not a
number (``sys.exit("message")``), or a thread other than the main one is still running (a normal
exit waits for non-daemon threads). The heap stays alive until the end because the exception
being handled holds the command's frames through its traceback.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
import threading
from typing import NoReturn

_keep_heap = False


def keep_heap_at_exit() -> None:
    """Ask :func:`exit_process` to end this process without freeing the heap, once the command is over."""
    global _keep_heap
    _keep_heap = True


def reset() -> None:
    """Forget an earlier request (each run of :func:`kubegap.cli.main` starts without one)."""
    global _keep_heap
    _keep_heap = False


def exit_process(code: int | str | None) -> NoReturn:
    """Exit with ``code`` as ``sys.exit`` would; without freeing the heap when a command asked for it and it is safe."""
    if not (_keep_heap and (code is None or isinstance(code, int)) and _only_main_thread()):
        sys.exit(code)
    atexit._run_exitfuncs()
    os._exit((code or 0) if _flush_standard_streams() else 120)


def _only_main_thread() -> bool:
    main = threading.main_thread()
    return all(thread is main for thread in threading.enumerate())


def _flush_standard_streams() -> bool:
    """Flush stdout and stderr as a normal exit does: False, with the error on stderr, when one cannot be."""
    flushed = True
    for stream in (sys.stdout, sys.stderr):
        if stream is None or stream.closed:
            continue
        try:
            stream.flush()
        except OSError as exc:
            flushed = False
            with contextlib.suppress(OSError):
                os.write(2, f"Exception ignored in: {stream!r}\n{type(exc).__name__}: {exc}\n".encode())
    return flushed
