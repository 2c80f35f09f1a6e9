"""Manifest files and directories (YAML or JSON), or standard input.

Reads multi-document YAML, ``kind: List``, ``kubectl get -o json|yaml`` output (whose list
items carry no kind/apiVersion: they are inferred from the list) and ``kubectl cluster-info dump``
streams. One unusable document (a Helm template, a non-Kubernetes YAML, a syntax error) is
reported as a warning and skipped; the rest of the file and every other file are still read.
"""

from __future__ import annotations

import mmap
import os
import re
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import orjson

from kubegap import limits, yamlload
from kubegap.allocation import bulk_allocation
from kubegap.errors import InputError
from kubegap.sources.base import Collection, Origin
from kubegap.sources.compact import Compactor
from kubegap.sources.dump import NumberTooLong, json_stream
from kubegap.sources.jsonslices import parse_in_slices
from kubegap.sources.snapshot import is_snapshot, read_snapshot
from kubegap.sources.trees import is_source_description, render, tree

SUFFIXES = (".yaml", ".yml", ".json", ".gz")
_SEPARATOR = re.compile(r"^(?:---|\.\.\.)[ \t]*(?:#.*)?$", re.MULTILINE)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")
_TOO_INDENTED = re.compile(rf"^ {{{2 * limits.MAX_NESTING_DEPTH + 1}}}", re.MULTILINE)


def _too_deep(text: str) -> bool:
    """A cheap upper bound on nesting: PyYAML slows with the square of depth, so refuse early.

    Flow nesting is measured by peeling innermost bracket pairs off the brackets alone, one
    level per pass (brackets inside quoted strings count too: an upper bound); block nesting
    by the widest indentation."""
    if _TOO_INDENTED.search(text):
        return True
    brackets = _NOT_BRACKET.sub("", text)
    for passes in range(limits.MAX_NESTING_DEPTH + 1):
        peeled = _PAIR.sub("", brackets)
        if len(peeled) == len(brackets):  # what is left never closes: each opener may nest
            return passes + peeled.count("[") + peeled.count("{") > limits.MAX_NESTING_DEPTH
        brackets = peeled
    return True


_ALIAS = re.compile(r"(?:^|[\s\[{,:-])\*[^\s,\]}]")


class _ContainsItself(Exception):
    pass


def _expanded_size(data) -> int | None:
    """Nodes the document has once aliases are expanded, stopping early past the limit; None when an
    alias makes the document contain itself, which no Kubernetes object (JSON) can."""
    memo: dict[int, int] = {}
    walking = -1

    def size(obj) -> int:
        if isinstance(obj, dict):
            children = obj.values()
        elif isinstance(obj, list):
            children = obj
        else:
            return 1
        key = id(obj)
        if memo.get(key) == walking:
            raise _ContainsItself
        if key not in memo:
            memo[key] = walking
            total = 1
            for child in children:
                total += size(child)
                if total > limits.MAX_EXPANDED_NODES:
                    break
            memo[key] = total
        return memo[key]

    try:
        return size(data)
    except _ContainsItself:
        return None


def _documents(text: str) -> Iterator[tuple[int, int, str]]:
    """``(index, first line, text)`` for each YAML document; documents are split on ``---`` lines."""
    start, line, index = 0, 1, 0
    for match in _SEPARATOR.finditer(text):
        chunk = text[start : match.start()]
        if chunk.strip():
            yield index, line, chunk
            index += 1
        line += text.count("\n", start, match.end()) + 1
        start = match.end() + 1
    chunk = text[start:]
    if chunk.strip():
        yield index, line, chunk


def _first_content_line(chunk: str, line: int) -> int:
    for offset, text in enumerate(chunk.splitlines()):
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            return line + offset
    return line


class Reader:
    """Accumulates objects and warnings from any number of files into one Collection."""

    def __init__(self) -> None:
        self.collection = Collection()
        self.compact = Compactor()

    def warn(self, message: str) -> None:
        self.collection.warnings.append(message)

    # -- objects ---------------------------------------------------------------------------------
    def add_document(self, data, origin: Origin) -> None:
        where = f"{origin.path}, document {origin.document + 1}"
        if data is None:
            return
        if is_snapshot(data):
            self.collection.merge(read_snapshot(data, origin.path, self.compact))
            return
        if not isinstance(data, dict):
            self.warn(f"{where}: not a mapping ({type(data).__name__}); skipped")
            return
        items = data.get("items")
        list_kind = data.get("kind")
        if isinstance(list_kind, str) and list_kind.endswith("List") and isinstance(items, list):
            self._add_list(data, items, origin, where)
            return
        self._add_object(data, origin, where)

    def _add_list(self, data: dict, items: list, origin: Origin, where: str) -> None:
        list_kind = data["kind"]
        item_kind = list_kind[: -len("List")] or None
        api_version = data.get("apiVersion") if isinstance(data.get("apiVersion"), str) else None
        for position, item in enumerate(items):
            if not isinstance(item, dict):
                self.warn(f"{where}, item {position}: not a mapping; skipped")
                continue
            if item_kind and "kind" not in item:
                item = {"kind": item_kind, **item}
            if item_kind and api_version and "apiVersion" not in item:
                item = {"apiVersion": api_version, **item}
            self._add_object(item, origin, f"{where}, item {position}")
        if item_kind:
            self.collection.collected.add(item_kind)  # a typed list is complete even when empty

    def _add_object(self, obj: dict, origin: Origin, where: str) -> None:
        missing = [field for field in ("apiVersion", "kind") if not isinstance(obj.get(field), str) or not obj[field]]
        if missing:
            self.warn(f"{where}: no {' or '.join(missing)}: not a Kubernetes object; skipped")
            return
        if not isinstance(obj.get("metadata"), dict):
            self.warn(f"{where}: {obj['kind']} has no metadata; skipped")
            return
        self.collection.add(self.compact(obj), origin)
        self.collection.collected.add(obj["kind"])

    # -- files -----------------------------------------------------------------------------------
    def read_text(self, text: str, path: str) -> None:
        stripped = text.lstrip()
        if stripped[:1] in ("{", "["):
            try:
                self.add_document(orjson.loads(text), Origin(path, 0, 1))
                return
            except orjson.JSONDecodeError:
                pass  # YAML flow style also starts with a bracket; fall through to the YAML reader
        if _too_deep(text):
            self.warn(f"{path}: nested more than {limits.MAX_NESTING_DEPTH} levels deep; skipped")
            return
        try:
            stream = json_stream(text) if stripped[:1] == "{" else None  # kubectl cluster-info dump
        except NumberTooLong as exc:
            self.warn(f"{path}, {exc}; it and the rest of the file were skipped")
            stream = exc.documents
        if stream is not None:
            for index, document in enumerate(stream[: limits.MAX_DOCUMENTS_PER_FILE]):
                self.add_document(document, Origin(path, index))
            return
        for index, line, chunk in _documents(text):
            if index >= limits.MAX_DOCUMENTS_PER_FILE:
                self.warn(f"{path}: more than {limits.MAX_DOCUMENTS_PER_FILE} documents; the rest were skipped")
                return
            origin = Origin(path, index, _first_content_line(chunk, line))
            try:
                # a separator carrying content ("--- !tag", "--- {}") stays inside a chunk
                documents, duplicates = yamlload.documents(chunk)
            except yamlload.YAMLError as exc:
                reason = str(getattr(exc, "problem", None) or exc).splitlines()[0]
                if "{{" in chunk:
                    reason = "looks like an unrendered template ({{ }})"
                self.warn(f"{path}, document {index + 1} (line {origin.line}): invalid YAML: {reason}; skipped")
                continue
            for key, key_line in duplicates:
                self.warn(f"{path}, document {index + 1}: key {key!r} repeated (line {line + key_line - 1}); the last value is used")
            for data in documents:
                expanded = _expanded_size(data) if "*" in chunk and _ALIAS.search(chunk) else 0
                if expanded is None:
                    self.warn(f"{path}, document {index + 1}: a YAML alias makes the document contain itself; skipped")
                    continue
                if expanded > limits.MAX_EXPANDED_NODES:
                    self.warn(f"{path}, document {index + 1}: YAML aliases expand past {limits.MAX_EXPANDED_NODES} nodes; skipped")
                    continue
                self.add_document(data, origin)

    def read_file(self, path: Path, name: str | None = None) -> None:
        """Read ``path``; the report and warnings call it ``name`` (default: the path as given)."""
        name = name if name is not None else str(path)
        try:
            size = path.stat().st_size
            if size > limits.MAX_FILE_BYTES:
                self.warn(f"{name}: {size} bytes, over the {limits.MAX_FILE_BYTES}-byte limit; skipped")
                return
            if path.suffix == ".gz":
                raw = _gunzip(path.read_bytes())
            elif size >= SLICED_READ_BYTES:
                with path.open("rb") as handle:  # mapped, so pages already parsed can be let go
                    raw = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
            else:
                raw = path.read_bytes()
        except (OSError, zlib.error) as exc:
            raise InputError(f"{name}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
        try:
            document = _json_document(raw, self.compact)
            if document is not None:
                self.add_document(document, Origin(name, 0, 1))
                return
            self._read_bytes(raw[:] if isinstance(raw, mmap.mmap) else raw, name)
        finally:
            if isinstance(raw, mmap.mmap):
                raw.close()

    def _read_bytes(self, raw: bytes, path: str) -> None:
        encoding = "utf-16" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig"
        if encoding != "utf-16" and b"\x00" in raw:
            self.warn(f"{path}: binary data, not YAML or JSON; skipped")
            return
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError as exc:
            self.warn(f"{path}: not valid {'UTF-16' if encoding == 'utf-16' else 'UTF-8'} text (byte {exc.start}); skipped")
            return
        if not text.strip():
            self.warn(f"{path}: empty file; nothing to read")
            return
        self.read_text(text, path)


SLICED_READ_BYTES = 1024 * 1024
"""Files this large are memory-mapped and, when they are JSON lists, parsed a slice at a time (a
16 MB snapshot of 1,800 pods is read with a third less CPU than parsed whole)."""

_JSON_START = re.compile(rb"[ \t\r\n]*[\[{]")


def _json_document(raw, compact: Compactor) -> dict | list | None:
    """The file parsed as JSON straight from its bytes (no decoded copy), or None if it is not JSON
    (YAML flow style, UTF-16, a byte-order mark: the text path decides). A large file's list items
    are compacted a slice at a time, so that the next slice reuses the memory the last one freed."""
    if not _JSON_START.match(raw):
        return None
    if len(raw) >= SLICED_READ_BYTES:
        document = parse_in_slices(raw, compact.each)
        if document is not None:
            return document
    try:
        return orjson.loads(raw[:] if isinstance(raw, mmap.mmap) else raw)
    except orjson.JSONDecodeError:
        return None


def _gunzip(raw: bytes) -> bytes:
    """Decompress, refusing to inflate past the file-size limit (no gzip bombs)."""
    inflater = zlib.decompressobj(wbits=31)
    data = inflater.decompress(raw, limits.MAX_FILE_BYTES + 1)
    if len(data) > limits.MAX_FILE_BYTES:
        raise OSError(f"decompresses to more than {limits.MAX_FILE_BYTES} bytes")
    return data


TEST_INPUTS = frozenset({"testdata", "test", "tests", "e2e", "e2e_test", "e2e_tests"})
"""Directory names that hold a program's own test inputs by convention (Go's tools skip ``testdata``;
``test``, ``tests`` and the ``e2e`` spellings are where projects keep the manifests their test suites
apply): fixtures, not something anyone deploys. Skipped below a directory given to ``audit``, with a
warning that names them; a directory given by path is audited whatever its name."""


def _files(root: Path, warn) -> Iterator[Path]:
    """Manifest files under a directory, sorted; symlinked directories are not followed (no loops).

    What is left out is said through ``warn``: test-input directories (``TEST_INPUTS``), symbolic
    links to nothing, and every file past ``MAX_DIRECTORY_FILES``. Kustomizations, ``Chart.yaml`` and
    chart values files are left out silently: they describe objects, they are not objects."""
    test_inputs: list[Path] = []
    paths = _walk(root, test_inputs, warn)
    for count, path in enumerate(paths, 1):
        if count > limits.MAX_DIRECTORY_FILES:
            warn(f"{root}: more than {limits.MAX_DIRECTORY_FILES} manifest files; {path} and the files after it were not read")
            paths.close()
            break
        yield path
    if test_inputs:
        shown = ", ".join(str(p) for p in test_inputs[:3]) + (f" and {len(test_inputs) - 3} more" if len(test_inputs) > 3 else "")
        warn(f"{root}: {len(test_inputs)} test director{'y' if len(test_inputs) == 1 else 'ies'} not read "
             f"(test inputs by convention): {shown}; give one by path to audit it")


def skipped_test_directories(root: Path) -> list[Path]:
    """The test-input directories a walk of ``root`` leaves out (each once, not those inside another)."""
    found: list[Path] = []
    for _ in _walk(root, found, lambda message: None):
        pass
    return found


def _walk(root: Path, test_inputs: list[Path], warn) -> Iterator[Path]:
    """Manifest files under ``root`` in sorted order, leaving out test-input directories (appended to
    ``test_inputs``) and the files that describe a kustomize tree or a chart; a symbolic link to nothing is warned of."""
    for folder, dirs, files in os.walk(root, followlinks=False):
        test_inputs.extend(Path(folder, d) for d in sorted(dirs) if d.lower() in TEST_INPUTS)
        dirs[:] = sorted(d for d in dirs if d.lower() not in TEST_INPUTS)
        for name in sorted(files + [d for d in dirs if Path(folder, d).is_symlink() and not Path(folder, d).exists()]):
            path = Path(folder, name)
            if path.is_symlink() and not path.exists():
                warn(f"{path}: a symbolic link whose target does not exist; skipped")
            elif name.lower().endswith(SUFFIXES) and path.is_file() and not is_source_description(path):
                yield path


def report_path(raw: str):
    """How a report names the files under ``raw`` (a path given to ``audit``), never by where the auditing
    machine keeps them: as given when relative, relative to the working directory when under it, and
    otherwise from the given file's or directory's own name on (``corpus/app/deploy.yaml`` -> ``app/deploy.yaml``)."""
    root = Path(raw)
    if not root.is_absolute():
        return str
    cwd = Path.cwd()
    base = cwd if root.is_relative_to(cwd) else root.parent
    return lambda path: str(Path(path).relative_to(base)) if Path(path).is_relative_to(base) else str(path)


class ManifestSource:
    """``kubegap audit PATH...``: files, directories (recursively) or ``-`` for standard input."""

    def __init__(self, paths: list[str]):
        self.paths = paths

    def collect(self) -> Collection:
        with bulk_allocation():
            return self._collect()

    def _collect(self) -> Collection:
        reader = Reader()
        for raw in self.paths:
            if raw == "-":
                reader.read_text(sys.stdin.read(), "<stdin>")
                reader.collection.inputs.append({"type": "manifests", "path": "-"})
                continue
            path, named = Path(raw), report_path(raw)
            source = tree(path) if path.is_dir() else None
            if source is not None:  # a kustomize tree or a chart: its rendered output, or the command to run
                reader.read_text(render(source), f"{named(path)} ({' '.join(source.command[:2])})")
                reader.collection.inputs.append({"type": "manifests", "path": named(path), "rendered_by": " ".join(source.command[:2])})
                continue
            if path.is_dir():
                for file in _files(path, lambda message: reader.warn(message.replace(str(path), named(path), 1))):
                    try:
                        reader.read_file(file, named(file))
                    except InputError as exc:  # one bad file in a tree: say so, read the others
                        reader.warn(f"{exc}; skipped")
            elif path.exists():
                reader.read_file(path, named(path))
            else:
                raise InputError(f"{raw}: no such file or directory")
            reader.collection.inputs.append({"type": "manifests", "path": named(path)})
        return reader.collection
