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
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import orjson

from kubegap import inputbytes, limits, yamlload
from kubegap.allocation import bulk_allocation
from kubegap.domain.collection import Collection, Origin
from kubegap.domain.resources import dig
from kubegap.errors import InputError
from kubegap.sources.compact import Compactor
from kubegap.sources.dump import NumberTooLong, json_stream
from kubegap.sources.jsonslices import parse_in_slices
from kubegap.sources.snapshot import is_snapshot, read_snapshot
from kubegap.sources.trees import KUSTOMIZATION_FILES, is_source_description, patch_files, render, tree
from kubegap.wording import counted, some_and_more

SUFFIXES = (".yaml", ".yml", ".json", ".gz")
_SEPARATOR = re.compile(r"^(?:---|\.\.\.)[ \t]*(?:#.*)?$", re.MULTILINE)
_ALIAS = re.compile(r"(?:^|[\s\[{,:-])\*[^\s,\]}]")


class _ContainsItself(Exception):
    pass


def _expanded_size(data: object) -> int | None:
    """Nodes the document has once aliases are expanded, stopping early past the limit; None when an
    alias makes the document contain itself, which no Kubernetes object (JSON) can."""
    memo: dict[int, int] = {}
    walking = -1

    def size(obj: object) -> int:
        children: Iterable
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


_CHART_TEMPLATE = re.compile(r"# Source: (\S+/templates/\S+)")


def _chart_template(chunk: str) -> str | None:
    """The chart template ``helm template`` names in a comment before the document it rendered, or None."""
    for text in chunk.splitlines():
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            return None
        if found := _CHART_TEMPLATE.fullmatch(stripped):
            return found.group(1)
    return None


def _retyped_warning(retyped: yamlload.Retyped, line: int) -> str:
    written = retyped.text if len(retyped.text) <= 40 else retyped.text[:40] + "..."
    where = f"{retyped.field} is {written} (line {line})"
    if retyped.reason != yamlload.PAST_64_BITS:
        return f"{where}, which YAML reads as {retyped.reason}: kept as the text {written!r}; quote it, as Kubernetes takes only a string there"
    if isinstance(retyped.value, str):
        return f"{where}, past what any number a JSON reader holds: kept as its digits, as text"
    return f"{where}, {retyped.reason}: read as {retyped.value!r}, as a JSON reader would"


_CONTENT = re.compile(r"\S")
_BLANKS = b" \t\r\n\x0b\x0c"


def _first_content(raw: inputbytes.Bytes) -> int | None:
    """Where the first byte that is not blank is, or None. A megabyte at a time, blanks deleted in C first:
    a regular expression, or ``lstrip``, over 2 GiB of spaces took over a minute."""
    step = 1024 * 1024
    for start in range(0, len(raw), step):
        piece = raw[start : start + step]
        if piece.translate(None, _BLANKS):
            return start + len(piece) - len(piece.lstrip(_BLANKS))
    return None


_TOO_MUCH_YAML = (
    f"{{size}} bytes of YAML, over the {limits.MAX_YAML_BYTES}-byte limit for YAML (parsing takes about 25 times "
    f"its size in memory); JSON is read up to {limits.MAX_FILE_BYTES} bytes: give it as JSON (kubectl get -o json)"
)


class Reader:
    """Accumulates objects and warnings from any number of files into one Collection.

    Of the warnings about one file, the first ``MAX_WARNINGS_PER_FILE`` are kept and the rest counted
    in a last line: a file of a hundred thousand bad list items says so in a few lines, not in a
    hundred thousand."""

    def __init__(self) -> None:
        self.collection = Collection()
        self.compact = Compactor()
        self._file: str | None = None
        self._warned = 0

    def warn(self, message: str) -> None:
        if self._file is not None:
            self._warned += 1
            if self._warned > limits.MAX_WARNINGS_PER_FILE:
                return
        self.collection.warnings.append(message)

    def unread(self, name: str, reason: str) -> None:
        """A whole input left unread: a warning, and the audit's view is partial."""
        self.collection.unread[name] = reason
        self.warn(f"{name}: {reason}; skipped")

    @contextmanager
    def _one_file(self, name: str) -> Iterator[None]:
        """Warnings within are about the file ``name``: capped, the rest counted."""
        outer = self._file, self._warned
        self._file, self._warned = name, 0
        try:
            yield
        finally:
            more = self._warned - limits.MAX_WARNINGS_PER_FILE
            self._file, self._warned = outer
            if more > 0:
                self.warn(f"{name}: and {more} more warning{'s' if more > 1 else ''} like these")

    # -- objects ---------------------------------------------------------------------------------
    def add_document(self, data: object, origin: Origin) -> None:
        where = f"{origin.path}, document {origin.document + 1}"
        if data is None:
            return
        if is_snapshot(data):
            self.collection.merge(read_snapshot(data, origin.path, self.compact, self.warn))
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
        if refused := _refused(obj):
            self.warn(f"{where}: {refused}; skipped")
            return
        self.collection.add(self.compact(obj), origin)
        self.collection.collected.add(obj["kind"])

    # -- files -----------------------------------------------------------------------------------
    def read_text(self, text: str, path: str, rendered_by: str | None = None) -> None:
        """Manifests given as text (``path`` names them in warnings; ``rendered_by``, the command the audit made
        them with, goes into each object's origin)."""
        with self._one_file(path):
            self._read_text(text, path, rendered_by)

    def _read_text(self, text: str, path: str, rendered_by: str | None = None) -> None:
        first = _CONTENT.search(text)
        opener = first.group() if first else ""
        if opener in ("{", "["):
            try:
                self.add_document(orjson.loads(text), Origin(path, 0, 1, rendered_by))
                return
            except orjson.JSONDecodeError:
                pass  # YAML flow style also starts with a bracket; fall through to the YAML reader
        if yamlload.too_deep(text):
            self.unread(path, f"nested more than {limits.MAX_NESTING_DEPTH} levels deep")
            return
        try:
            stream = json_stream(text) if opener == "{" else None  # kubectl cluster-info dump
        except NumberTooLong as exc:
            self.collection.unread[path] = f"{exc}: it and the rest of the file were skipped"
            self.warn(f"{path}, {exc}; it and the rest of the file were skipped")
            stream = exc.documents
        if stream is not None:
            for index, document in enumerate(stream[: limits.MAX_DOCUMENTS_PER_FILE]):
                self.add_document(document, Origin(path, index, rendered_by=rendered_by))
            return
        if len(text) > limits.MAX_YAML_BYTES:
            self.unread(path, _TOO_MUCH_YAML.format(size=len(text)))
            return
        for index, line, chunk in _documents(text):
            if index >= limits.MAX_DOCUMENTS_PER_FILE:
                self.collection.unread[path] = (
                    f"more than {limits.MAX_DOCUMENTS_PER_FILE} documents: the rest were skipped"
                )
                self.warn(f"{path}: more than {limits.MAX_DOCUMENTS_PER_FILE} documents; the rest were skipped")
                return
            origin = Origin(path, index, _first_content_line(chunk, line), rendered_by, _chart_template(chunk))
            try:
                # a separator carrying content ("--- !tag", "--- {}") stays inside a chunk
                parsed = yamlload.documents(chunk)
            except yamlload.YAMLError as exc:
                reason = str(getattr(exc, "problem", None) or exc).splitlines()[0]
                if "{{" in chunk:
                    reason = "looks like an unrendered template ({{ }})"
                self.warn(f"{path}, document {index + 1} (line {origin.line}): invalid YAML: {reason}; skipped")
                self.collection.unread.setdefault(path, f"document {index + 1} could not be parsed")
                continue
            for key, key_line in parsed.duplicates:
                self.warn(
                    f"{path}, document {index + 1}: key {key!r} repeated (line {line + key_line - 1}); the last value is used"
                )
            for retyped in parsed.retyped:
                self.warn(f"{path}, document {index + 1}: {_retyped_warning(retyped, line + retyped.line - 1)}")
            for data in parsed.documents:
                expanded = _expanded_size(data) if "*" in chunk and _ALIAS.search(chunk) else 0
                if expanded is None:
                    self.warn(f"{path}, document {index + 1}: a YAML alias makes the document contain itself; skipped")
                    continue
                if expanded > limits.MAX_EXPANDED_NODES:
                    self.warn(
                        f"{path}, document {index + 1}: YAML aliases expand past {limits.MAX_EXPANDED_NODES} nodes; skipped"
                    )
                    continue
                self.add_document(data, origin)

    def read_file(self, path: Path, name: str | None = None) -> None:
        """A file (or a FIFO or device given by path), read once within the size limit; the report and
        warnings call it ``name`` (default: the path as given). ``InputError`` when it cannot be opened or read."""
        name = name if name is not None else str(path)
        try:
            raw = inputbytes.read_path(path)
        except inputbytes.NotRead as exc:
            self.unread(name, exc.reason)
            return
        except OSError as exc:
            raise InputError(f"{name}: cannot read: {exc.strerror or exc}") from None
        self.read_bytes(raw, name)

    def read_streamed(self, streamed: inputbytes.Streamed) -> None:
        """Standard input, a pipe, a FIFO or a device, already read whole (or left unread, and why)."""
        if streamed.data is None:
            self.unread(streamed.name, streamed.unread or "not read")
        else:
            self.read_bytes(streamed.data, streamed.name)

    def read_bytes(self, raw: inputbytes.Bytes, name: str) -> None:
        """An input's bytes: JSON parsed as JSON straight from them, anything else decoded and read as YAML."""
        with self._one_file(name):
            try:
                document = _json_document(raw, self.compact)
                if document is not None:
                    self.add_document(document, Origin(name, 0, 1))
                    return
                self._read_bytes(raw[:] if isinstance(raw, mmap.mmap) else raw, name)
            finally:
                if isinstance(raw, mmap.mmap):
                    raw.close()

    def _read_bytes(self, raw: bytes | bytearray, name: str) -> None:
        encoding = "utf-16" if raw[:2] in inputbytes.UTF16_BOMS else "utf-8-sig"
        if inputbytes.looks_binary(raw):
            self.unread(name, inputbytes.BINARY)
            return
        first = _first_content(raw)  # found without decoding: gigabytes of blanks cost little
        if first is not None and len(raw) > limits.MAX_YAML_BYTES and raw[first] not in b"{[":  # YAML: not even decoded
            self.unread(name, _TOO_MUCH_YAML.format(size=len(raw)))
            return
        try:
            text = raw.decode(encoding) if first is not None else ""
        except UnicodeDecodeError as exc:
            self.unread(name, f"not valid {'UTF-16' if encoding == 'utf-16' else 'UTF-8'} text (byte {exc.start})")
            return
        if _CONTENT.search(text) is None:
            self.warn(f"{name}: empty file; nothing to read")
            return
        self._read_text(text, name)


SLICED_READ_BYTES = 1024 * 1024
"""Files this large are memory-mapped and, when they are JSON lists, parsed a slice at a time (a
16 MB snapshot of 1,800 pods is read with a third less CPU than parsed whole)."""


def _json_document(raw: inputbytes.Bytes, compact: Compactor) -> dict | list | None:
    """The file parsed as JSON straight from its bytes (no decoded copy), or None if it is not JSON
    (YAML flow style, UTF-16, a byte-order mark: the text path decides). A large file's list items
    are compacted a slice at a time, so that the next slice reuses the memory the last one freed."""
    first = _first_content(raw)
    if first is None or raw[first] not in b"[{":
        return None
    if len(raw) >= SLICED_READ_BYTES:
        document = parse_in_slices(raw, compact.each)
        if document is not None:
            return document
    try:
        return orjson.loads(raw[:] if isinstance(raw, mmap.mmap) else raw)
    except orjson.JSONDecodeError:
        return None


def _refused(obj: dict) -> str | None:
    """Why the API server would refuse to create the object, where a check could otherwise judge what can
    never exist: an object with neither a name nor a ``generateName`` (``metadata.name: Required value``: Netmaker's
    WireGuard NodePort Service, which its install's own ``kubectl apply`` refuses), or a ReplicationController with
    no selector and no pod template labels to default it from (``spec.selector: Required value``)."""
    meta = obj["metadata"]
    if not any(isinstance(meta.get(field), str) and meta[field] for field in ("name", "generateName")):
        return f"the API server refuses a {obj['kind']} with neither metadata.name nor metadata.generateName"
    spec = obj.get("spec")
    if obj["kind"] != "ReplicationController" or obj["apiVersion"] != "v1" or not isinstance(spec, dict):
        return None
    if (
        not isinstance(spec.get("template"), dict)
        or spec.get("selector")
        or dig(spec, "template", "metadata", "labels")
    ):
        return None
    return "the API server refuses a ReplicationController with neither spec.selector nor pod template labels"


TEST_INPUTS = frozenset({"testdata", "test", "tests", "e2e", "e2e_test", "e2e_tests"})
"""Directory names that hold a program's own test inputs by convention (Go's tools skip ``testdata``;
``test``, ``tests`` and the ``e2e`` spellings are where projects keep the manifests their test suites
apply): fixtures, not something anyone deploys."""

SAMPLE_INPUTS = frozenset({"example", "examples", "sample", "samples", "quick-start", "quickstart", "quick_start"})
"""Directory names that hold documentation by convention (an operator's ``config/samples`` custom
resources, a project's ``examples/``, a ``quick-start`` install to try a project with demo dependencies
beside it): manifests written to be read, copied or tried, which say what a project shows, not what
anyone runs. A copy deployed from them lives elsewhere and is judged there."""

LEFT_OUT = (("test", TEST_INPUTS, "test inputs by convention"), ("sample", SAMPLE_INPUTS, "examples by convention"))
"""What a walk below a directory given to ``audit`` leaves out, each kind with a warning that names
its directories; a directory given by path is audited whatever its name."""


def _files(
    root: Path, named: Callable[[Path], str], warn: Callable[[str], None], unread: Callable[[Path, str], None]
) -> Iterator[Path]:
    """Manifest files under a directory, sorted; symlinked directories are not followed (no loops).

    What is left out is said, every path as the report names it (``named``): test and sample directories
    (``LEFT_OUT``), kustomize patch files, and every file past ``MAX_DIRECTORY_FILES`` through ``warn``, a
    symbolic link to nothing through ``unread(path, reason)``. Kustomizations, ``Chart.yaml`` and chart values
    files are left out silently: they describe objects, they are not objects."""
    left_out: dict[str, list[Path]] = {}
    paths = _walk(root, left_out, unread)
    for count, path in enumerate(paths, 1):
        if count > limits.MAX_DIRECTORY_FILES:
            warn(
                f"{named(root)}: more than {limits.MAX_DIRECTORY_FILES} manifest files; {named(path)} and the files "
                "after it were not read"
            )
            paths.close()
            break
        yield path
    for kind, _, why in LEFT_OUT:
        if folders := left_out.get(kind):
            warn(
                f"{named(root)}: {len(folders)} {kind} director{'y' if len(folders) == 1 else 'ies'} not read "
                f"({why}): {some_and_more([named(f) for f in folders])}; give one by path to audit it"
            )
    if patches := sorted(left_out.get("patch", [])):
        warn(
            f"{named(root)}: {counted(len(patches), 'kustomize patch file')} not read (a kustomization applies "
            f"{'it' if len(patches) == 1 else 'them'} to objects defined elsewhere): "
            f"{some_and_more([named(p) for p in patches])}; audit the rendered tree (kubectl kustomize <dir> | kubegap audit -)"
        )


def skipped_directories(root: Path) -> list[Path]:
    """The test and sample directories a walk of ``root`` leaves out (each once, not those inside another):
    ``make bench`` gives them to kubegap by path, so that it reads the folders Checkov reads."""
    found: dict[str, list[Path]] = {}
    for _ in _walk(root, found, lambda path, reason: None):
        pass
    return sorted(path for kind, folders in found.items() if kind != "patch" for path in folders)


KUSTOMIZATION_NAMES = frozenset(KUSTOMIZATION_FILES)


def _left_out(name: str) -> str | None:
    """The kind of directory (``LEFT_OUT``) a walk leaves out by this name, or None."""
    return next((kind for kind, names, _ in LEFT_OUT if name.lower() in names), None)


def _walk(root: Path, left_out: dict[str, list[Path]], unread: Callable[[Path, str], None]) -> Generator[Path]:
    """Manifest files under ``root`` in sorted order, leaving out test and sample directories (added to
    ``left_out`` by kind), the files that describe a kustomize tree or a chart, and the patch files a
    kustomization applies (added to ``left_out["patch"]``; one named from a folder the walk reaches later,
    through ``..``, is read as it is); a symbolic link to nothing is passed to ``unread``."""
    patches: set[str] = set()
    for folder, dirs, files in os.walk(root, followlinks=False):
        if not KUSTOMIZATION_NAMES.isdisjoint(files):  # the walk lists its files: no stat per folder
            patches |= patch_files(Path(folder))
        kept = []
        for name in sorted(dirs):
            if kind := _left_out(name):
                left_out.setdefault(kind, []).append(Path(folder, name))
            else:
                kept.append(name)
        dirs[:] = kept
        for name in sorted(files + [d for d in dirs if Path(folder, d).is_symlink() and not Path(folder, d).exists()]):
            path = Path(folder, name)
            if path.is_symlink() and not path.exists():
                unread(path, "a symbolic link whose target does not exist")
            elif name.lower().endswith(SUFFIXES) and path.is_file() and not is_source_description(path):
                if patches and os.path.normpath(path) in patches:
                    left_out.setdefault("patch", []).append(path)
                else:
                    yield path


def report_names(paths: Sequence[str | inputbytes.Streamed]) -> Callable[[Path], str]:
    """How a report names the files under the ``paths`` given to ``audit`` (streams have their own
    names), never by where the auditing machine keeps them: a relative path as given, an absolute one
    under the working directory relative to it, and any other relative to the nearest folder holding
    every such path (for one path, its own folder: ``/srv/corpus/app/deploy.yaml`` -> ``deploy.yaml``),
    so no two inputs share a name."""
    given = [raw for raw in paths if isinstance(raw, str) and not inputbytes.is_stream(Path(raw))]
    cwd = Path.cwd()
    outside = [Path(raw).parent for raw in given if Path(raw).is_absolute() and not Path(raw).is_relative_to(cwd)]
    base = Path(os.path.commonpath(outside)) if outside else None

    def name(path: Path) -> str:
        for root in (cwd, base) if path.is_absolute() else ():
            if root is not None and path.is_relative_to(root):
                return str(path.relative_to(root))
        return str(path)

    return name


def inside(path: Path, folders: list[Path]) -> bool:
    """Whether ``path``, its symbolic links resolved, is one of ``folders`` or in one (``folders`` resolved)."""
    real = path.resolve()
    return any(real == folder or folder in real.parents for folder in folders)


class ManifestSource:
    """``kubegap audit PATH...``: files, directories (recursively), ``-`` for standard input, or inputs
    already read whole (:class:`~kubegap.inputbytes.Streamed`: pipes, FIFOs, devices).

    ``confine``: folders every file read must be in once symbolic links are resolved (the MCP server's
    roots); a file under a given directory that links elsewhere is left unread, and said so, and a kustomize
    tree or chart is refused with the command that renders it (rendering may read outside them).
    ``names``: how files are named in the report, when the paths are some of those given to one audit
    (:func:`report_names` of them all); by default, of these paths."""

    def __init__(
        self,
        paths: Sequence[str | inputbytes.Streamed],
        confine: list[Path] | None = None,
        names: Callable[[Path], str] | None = None,
    ):
        self.paths = paths
        self.confine = confine
        self.names = names

    def collect(self) -> Collection:
        with bulk_allocation():
            return self._collect()

    def _collect(self) -> Collection:
        reader = Reader()
        named = self.names or report_names(self.paths)
        for given in self.paths:
            item = inputbytes.read_once(given) if isinstance(given, str) else given
            unread_before = set(reader.collection.unread)
            if isinstance(item, inputbytes.Streamed):
                reader.read_streamed(item)
                entry: dict[str, object] = {"type": "manifests", "path": item.name}
            else:
                entry = self._read_path(reader, item, named)
            unread = {file: why for file, why in reader.collection.unread.items() if file not in unread_before}
            if unread:
                entry["unread"] = unread
            reader.collection.inputs.append(entry)
        return reader.collection

    def _read_path(self, reader: Reader, raw: str, named: Callable[[Path], str]) -> dict:
        """Read the file or directory ``raw`` into ``reader``, naming files by ``named``; its entry in the report's inputs."""
        path = Path(raw)
        source = tree(path) if path.is_dir() else None
        if source is not None:  # a kustomize tree or a chart: its rendered output, or the command to run
            if self.confine is not None:
                raise InputError(
                    f"{raw} holds {source.marker}: rendering it may read files outside the folders this audit "
                    f"may read; run {' '.join(source.shown)} and audit its output"
                )
            rendered_by = " ".join(source.shown[:2])
            reader.read_text(render(source), f"{named(path)} ({rendered_by})", rendered_by)
            return {"type": "manifests", "path": named(path), "rendered_by": rendered_by}
        if path.is_dir():
            for file in _files(path, named, reader.warn, lambda file, why: reader.unread(named(file), why)):
                if self.confine is not None and not inside(file, self.confine):
                    reader.unread(named(file), "a link to a file outside the folders this audit may read")
                    continue
                try:
                    reader.read_file(file, named(file))
                except InputError as exc:  # one bad file in a tree: say so, read the others
                    reader.unread(named(file), str(exc).removeprefix(f"{named(file)}: "))
        elif path.exists():
            reader.read_file(path, named(path))
        else:
            raise InputError(f"{raw}: no such file or directory")
        return {"type": "manifests", "path": named(path)}
