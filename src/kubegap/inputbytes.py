"""An input's bytes, read once and within the size limit, whatever route it comes by.

A regular file, standard input, a pipe (``<(kubectl get ...)``), a FIFO, a character device
(``/dev/zero``) and a gzip stream all obey :data:`kubegap.limits.MAX_FILE_BYTES`, counted on the
bytes actually read (after decompression), not on what ``stat`` claims: a device or a ``/proc`` file
says it is empty, a sparse file holds gigabytes it never wrote. Reading stops:

- past the limit (:class:`NotRead`, the input named by the caller);
- at the first NUL byte of a text that is not UTF-16 (binary data: ``/dev/zero``, a sparse file,
  a gzip bomb of zeros end after their first chunk);
- for a FIFO no program opens for writing within :data:`FIFO_WAIT_SECONDS`.

Pipes, FIFOs and devices are read as streams, once: nothing peeks at them first, since what is
peeked at a pipe is gone for the next reader. Gzip is recognised by its magic bytes on every route.
"""

from __future__ import annotations

import mmap
import os
import select
import stat
import sys
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from kubegap import limits
from kubegap.errors import InputError

CHUNK_BYTES = 1024 * 1024
MAPPED_BYTES = 1024 * 1024
"""Regular files this large are memory-mapped rather than read (see ``sources/jsonslices.py``)."""
FIFO_WAIT_SECONDS = 30.0
"""How long a FIFO is waited on for a program to open it for writing (a pipe's writer is already there)."""
GZIP_MAGIC = b"\x1f\x8b"
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")

Bytes = bytes | bytearray | mmap.mmap
BINARY = "binary data, not YAML or JSON"


class NotRead(Exception):
    """An input left unread, and why (its ``reason``, to be said after the input's name)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def looks_binary(data: Bytes) -> bool:
    """Binary data rather than YAML or JSON text: a NUL byte, in a text that is not UTF-16."""
    return data[:2] not in UTF16_BOMS and data.find(b"\x00") >= 0


def is_stream(path: Path) -> bool:
    """Something that can be read once only (a pipe, a FIFO, a character device, a socket), not a file or directory."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


@dataclass(frozen=True)
class Streamed:
    """An input read whole before anything looks at it: standard input (``-``), a pipe, a FIFO or a
    device. Its bytes, or (``data`` None) why it was left unread."""

    name: str
    data: bytes | bytearray | None
    unread: str | None = None


def read_once(raw: str) -> str | Streamed:
    """``raw`` as given when it is a file or directory (or does not exist); read now, once, when it is
    something that can be read only once. ``InputError`` when it cannot be read."""
    if raw != "-" and not is_stream(Path(raw)):
        return raw
    try:
        return Streamed(raw, read_stream(sys.stdin.buffer) if raw == "-" else read_bytes(Path(raw)))
    except NotRead as exc:
        return Streamed(raw, None, exc.reason)
    except OSError as exc:
        raise InputError(f"{raw}: cannot read: {exc.strerror or exc}") from None


def input_name(item: str | Streamed) -> str:
    return item.name if isinstance(item, Streamed) else item


def read_stream(stream: BinaryIO) -> bytearray:
    """Everything ``stream`` holds (standard input, say), decompressed if it is gzip, within the limit."""
    return _gathered(_chunks(stream))


def read_path(path: Path) -> Bytes:
    """The bytes of the file at ``path``: mapped when it is a large regular file that is not gzip (as
    the sliced JSON reader wants), otherwise read and, if gzip, decompressed. ``OSError`` when it
    cannot be opened or read."""
    info = path.stat()
    if stat.S_ISREG(info.st_mode) and info.st_size > limits.MAX_FILE_BYTES:
        raise NotRead(f"{info.st_size} bytes, over the {limits.MAX_FILE_BYTES}-byte limit")
    if stat.S_ISFIFO(info.st_mode):
        return _read_pipe(path)
    with path.open("rb") as handle:
        if stat.S_ISREG(info.st_mode) and info.st_size >= MAPPED_BYTES:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
            if mapped[:2] != GZIP_MAGIC:
                if looks_binary(mapped[:CHUNK_BYTES]):
                    mapped.close()
                    raise NotRead(BINARY)
                return mapped
            mapped.close()
        return read_stream(handle)


def read_bytes(path: Path) -> bytes | bytearray:
    """The bytes of the file at ``path``, as :func:`read_path` reads them, but never mapped."""
    data = read_path(path)
    if isinstance(data, mmap.mmap):
        with data:
            return data[:]
    return data


def _read_pipe(path: Path) -> bytearray:
    """A pipe's or FIFO's bytes once a writer is there. Opened without blocking, so that a FIFO nobody
    opens for writing is given up after ``FIFO_WAIT_SECONDS`` rather than waited on for ever; once a
    writer is there, it is read for as long as the writer takes."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        prefix = _writer_ready(fd)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return _gathered(_chunks(handle, prefix))
    finally:
        os.close(fd)


def _writer_ready(fd: int) -> bytes:
    """Wait until the pipe has data, a writer, or had one that is gone; what a probe read took (b"" mostly).

    With no data, a read that does not block fails (EAGAIN) while a writer holds the pipe open and
    returns nothing when none does. An anonymous pipe (``<(...)``) whose writer is gone is at its end;
    a named FIFO may still be opened by a writer, which is waited for."""
    anonymous = os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:") if os.path.isdir("/proc/self/fd") else False
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    deadline = time.monotonic() + FIFO_WAIT_SECONDS
    while True:
        if poller.poll(0):  # data, or a writer come and gone
            return b""
        try:
            probe = os.read(fd, 1)
        except BlockingIOError:
            return b""  # a writer, with nothing written yet
        if probe or anonymous:
            return probe
        left = deadline - time.monotonic()
        if left <= 0:
            raise NotRead(f"a FIFO no program opened for writing within {FIFO_WAIT_SECONDS:g} s")
        poller.poll(min(left, 0.1) * 1000)


def _chunks(stream: BinaryIO, prefix: bytes = b"") -> Iterator[bytes]:
    """The stream's raw chunks, decompressed when it starts with gzip's magic bytes."""
    first = prefix + stream.read(CHUNK_BYTES)
    if first[:2] != GZIP_MAGIC:
        yield first
        yield from iter(lambda: stream.read(CHUNK_BYTES), b"")
        return
    yield from _inflated(first, stream)


def _inflated(first: bytes, stream: BinaryIO) -> Iterator[bytes]:
    """Decompressed gzip, every member of it, a chunk at a time (a bomb never inflates at once)."""
    inflater, pending = zlib.decompressobj(wbits=31), first
    while True:
        out = inflater.decompress(pending, CHUNK_BYTES)
        if out:
            yield out
        if inflater.eof:  # one member done: another may follow
            pending = inflater.unused_data or stream.read(CHUNK_BYTES)
            if not pending:
                return
            if pending[:2] != GZIP_MAGIC:
                raise NotRead("data that is not gzip after the gzip stream")
            inflater = zlib.decompressobj(wbits=31)
            continue
        # input the chunk's limit left over; else what is still inflating; else more of the stream
        pending = inflater.unconsumed_tail or (b"" if out else stream.read(CHUNK_BYTES))
        if not pending and not out:
            raise NotRead("the gzip stream ends early (truncated)")


def _gathered(chunks: Iterator[bytes]) -> bytearray:
    """The chunks joined, refusing binary data and anything past the limit as soon as it shows."""
    data = bytearray()
    try:
        for chunk in chunks:
            if len(data) + len(chunk) > limits.MAX_FILE_BYTES:
                raise NotRead(f"more than {limits.MAX_FILE_BYTES} bytes, over the {limits.MAX_FILE_BYTES}-byte limit")
            data += chunk
            if data[:2] not in UTF16_BOMS and b"\x00" in chunk:
                raise NotRead(BINARY)
    except zlib.error as exc:
        raise NotRead(f"not valid gzip: {exc}") from None
    return data
