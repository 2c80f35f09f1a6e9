"""Writing JSON that orjson has already encoded as UTF-8, without decoding it to text to have it encoded again.

A 150,000-pod report is over 100 MB of JSON: decoding it to a string and letting the text stream
encode it back costs a fraction of a second and two more copies of it in memory.
"""

from __future__ import annotations

import codecs
import io
import os
from typing import TextIO


def write_utf8(data: bytes, out: TextIO) -> None:
    """Write ``data``, UTF-8, to ``out``: to its byte stream when that is exactly what writing it as text would
    produce (a buffered UTF-8 stream where a newline is written as a line feed), otherwise as text.

    A text stream does not say how it translates newlines: ``out`` is taken to write them as the platform
    does, as ``sys.stdout`` and files opened without ``newline=`` do (the streams kubegap writes reports to)."""
    buffer = getattr(out, "buffer", None)
    if not (isinstance(buffer, io.IOBase) and os.linesep == "\n" and codecs.lookup(out.encoding).name == "utf-8"):
        out.write(data.decode())
        return
    out.flush()  # text written before goes first
    if isinstance(buffer, io.RawIOBase):  # unbuffered (python -u): a raw write may take only part of the data
        writer = io.BufferedWriter(buffer)
        writer.write(data)
        writer.flush()
        writer.detach()
        return
    buffer.write(data)
    if out.line_buffering and b"\n" in data:
        buffer.flush()
