"""JSON written as bytes is what writing it as text would have written, in order, on every kind of stream."""

from __future__ import annotations

import io

import orjson
import pytest

from kubegap.report.utf8 import write_utf8

DATA = orjson.dumps({"message": "naïve “quotes”, 日本語"}, option=orjson.OPT_APPEND_NEWLINE)


def as_text(make_stream) -> bytes:
    raw = io.BytesIO()
    stream = make_stream(raw)
    stream.write("before\n")
    stream.write(DATA.decode())
    stream.write("after\n")
    stream.flush()
    return raw.getvalue()


def as_bytes(make_stream) -> tuple[bytes, io.TextIOWrapper]:
    raw = io.BytesIO()
    stream = make_stream(raw)
    stream.write("before\n")
    write_utf8(DATA, stream)
    stream.write("after\n")
    stream.flush()
    return raw.getvalue(), stream


@pytest.mark.parametrize(
    "make_stream",
    [
        lambda raw: io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8"),
        lambda raw: io.TextIOWrapper(io.BufferedWriter(raw), encoding="UTF8", line_buffering=True),
        lambda raw: io.TextIOWrapper(io.BufferedWriter(raw), encoding="latin-1", errors="replace"),
    ],
    ids=["utf-8", "line-buffered", "latin-1"],
)
def test_the_bytes_are_those_text_would_have_written(make_stream):
    written, _ = as_bytes(make_stream)
    assert written == as_text(make_stream)


def test_a_line_buffered_stream_has_the_line_at_once():
    raw = io.BytesIO()
    stream = io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", line_buffering=True)
    write_utf8(DATA, stream)
    assert raw.getvalue() == DATA


def test_a_text_only_stream_gets_text():
    out = io.StringIO()
    write_utf8(DATA, out)
    assert out.getvalue() == DATA.decode()


class ShortWrites(io.RawIOBase):
    """An unbuffered stream (a pipe under ``python -u``) that takes a few bytes per write."""

    def __init__(self):
        self.received = bytearray()

    def writable(self):
        return True

    def write(self, data):
        self.received += bytes(data[:7])
        return min(len(data), 7)


def test_an_unbuffered_stream_gets_every_byte():
    raw = ShortWrites()
    stream = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)
    write_utf8(DATA, stream)
    assert bytes(raw.received) == DATA and not raw.closed
