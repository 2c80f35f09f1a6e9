"""``kubectl cluster-info dump`` written to one stream: JSON lists one after another, with logs.

The dump prints each list (``NodeList``, then per namespace ``EventList``, ``PodList``, ...) as a
JSON document and each container's log between ``==== START logs for ... ====`` and ``==== END
logs for ... ====`` lines. The directory form (``--output-directory``) is a tree of such JSON
files, which the manifest reader walks like any other.
"""

from __future__ import annotations

import json
import re
import sys

_LOG_START = re.compile(r"==== START logs for [^\n]*====\n")
_LOG_END = re.compile(r"==== END logs for [^\n]*====[ \t]*\n?")
_DECODER = json.JSONDecoder()


class NumberTooLong(ValueError):
    """A document of the stream holds an integer too long for Python to convert; ``documents`` came before it."""

    def __init__(self, documents: list, reason: str):
        self.documents = documents
        digits = re.search(r"value has (\d+) digits", reason)
        number = f"a number of {digits.group(1)} digits" if digits else "a number"
        super().__init__(
            f"document {len(documents) + 1}: {number}, over Python's {sys.get_int_max_str_digits()}-digit limit"
        )


def json_stream(text: str) -> list | None:
    """The documents of a stream of JSON values (log sections skipped), or None if it is not one."""
    documents: list = []
    position, end = 0, len(text)
    while True:
        while position < end and text[position].isspace():
            position += 1
        if position >= end:
            break
        start = _LOG_START.match(text, position)
        if start:
            finish = _LOG_END.search(text, start.end())
            if finish is None:
                return None
            position = finish.end()
            continue
        try:
            document, position = _DECODER.raw_decode(text, position)
        except json.JSONDecodeError:
            return None
        except ValueError as exc:
            raise NumberTooLong(documents, str(exc)) from None
        documents.append(document)
    return documents if len(documents) > 1 else None
