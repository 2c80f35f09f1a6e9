"""Load and validate the shipped cases and vocabularies.

The Pydantic models that validate them are imported only to load the library: importing them is
most of the start-up of a command that shows no case, which only asks whether the library is valid
(``check_library``).
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import orjson

from kubegap import __version__
from kubegap.errors import LibraryError

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

    from kubegap.library.model import Case, Term, Vocabulary
    from kubegap.library.search import Index

    ModelT = TypeVar("ModelT", bound=BaseModel)


RECONSTRUCTIONS = "reconstructions"
"""``data/reconstructions/<case-id>/incident.yaml`` and ``fixed.yaml``: the proof of a case's check links."""


def _data_dir() -> Path:
    """The shipped data, beside this module (found without ``importlib.resources``, slow to import and ask)."""
    return Path(__file__).with_name("data")


@dataclass(frozen=True)
class Reconstruction:
    """A case's incident rebuilt as manifests or a snapshot, and the same after the reported fix.

    Every check the case names fires on ``incident`` and finds nothing on ``fixed``; each file opens
    with comments saying which source sentence each part comes from.
    """

    case_id: str
    incident: Path
    fixed: Path


def _format_validation(path: Path, error: ValidationError) -> str:
    lines = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"]) or "(document)"
        lines.append(f"{path}: {where}: {item['msg']}")
    return "\n".join(lines)


def _read(path: Path) -> dict:
    from kubegap import yamlload  # only when the parse cache misses

    try:
        data = yamlload.load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yamlload.YAMLError) as exc:
        raise LibraryError(f"{path}: cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise LibraryError(f"{path}: expected a mapping at the top level")
    return data


def _parse(model: type[ModelT], path: Path, data: dict) -> ModelT:
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise LibraryError(_format_validation(path, exc)) from None


@dataclass(frozen=True)
class Library:
    """All cases and vocabularies, cross-checked, with the indexes that browsing needs."""

    cases: tuple[Case, ...]
    vocabularies: dict[str, Vocabulary]
    _by_id: dict[str, Case] = field(init=False, repr=False, compare=False)
    _terms: dict[tuple[str, str], Term] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {case.id: case for case in self.cases})
        object.__setattr__(
            self,
            "_terms",
            {(name, term.id): term for name, vocab in self.vocabularies.items() for term in vocab.terms},
        )

    @cached_property
    def index(self) -> Index:
        """Full-text search, facets and related cases (built on first use)."""
        from kubegap.library.search import Index

        return Index(self)

    @property
    def incidents(self) -> tuple[Case, ...]:
        """The cases that are single incidents: what incident counts and statistics are made of."""
        return tuple(case for case in self.cases if case.kind == "incident")

    @property
    def studies(self) -> tuple[Case, ...]:
        """The reliability studies of many failures, kept out of incident counts and statistics."""
        return tuple(case for case in self.cases if case.kind == "study")

    def case(self, case_id: str) -> Case | None:
        return self._by_id.get(case_id)

    def case_ids(self) -> list[str]:
        return list(self._by_id)

    def reconstruction(self, case_id: str) -> Reconstruction | None:
        """The case's configuration rebuilt from its sources, before and after the fix, when it has one."""
        folder = _data_dir() / RECONSTRUCTIONS / case_id
        if case_id not in self._by_id or not (folder / "incident.yaml").is_file():
            return None
        return Reconstruction(case_id, folder / "incident.yaml", folder / "fixed.yaml")

    def naming_check(self, check_id: str) -> list[Case]:
        """Cases that list ``check_id`` among the checks that would have revealed their gap."""
        return [case for case in self.cases if check_id in case.checks]

    def term(self, vocabulary: str, term_id: str) -> Term | None:
        return self._terms.get((vocabulary, term_id))

    def term_name(self, vocabulary: str, term_id: str) -> str:
        """The term's name, or its id when the vocabulary has no such term."""
        term = self.term(vocabulary, term_id)
        return term.name if term else term_id

    def filter(self, **selected: Iterable[str]) -> list[Case]:
        """Cases tagged with every selected term; a parent term also selects its children."""
        return [
            case
            for case in self.cases
            if all(has_term(case, name, term) for name, terms in selected.items() for term in terms or ())
        ]


def has_term(case: Case, vocabulary: str, term: str) -> bool:
    return any(tag == term or tag.startswith(term + "/") for tag in case.tags.of(vocabulary))


def _check_tags(cases: Iterable[Case], vocabularies: dict[str, Vocabulary], source: dict[str, Path]) -> None:
    from kubegap.library.model import VOCABULARIES

    known = {name: {t.id for t in vocab.terms} for name, vocab in vocabularies.items()}
    problems = []
    for case in cases:
        for name in VOCABULARIES:
            for tag in case.tags.of(name):
                if tag not in known[name]:
                    problems.append(f"{source[case.id]}: tags.{name}: unknown term {tag!r}")
    if problems:
        raise LibraryError("\n".join(problems))


def _cache_dir() -> Path:
    configured = os.environ.get("KUBEGAP_CACHE_DIR")
    if configured:
        return Path(configured)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kubegap"


def file_stamps(paths: list[Path]) -> list:
    """Each path's name, size and modification time: a cache key that changes when one of the files does."""
    return [(str(p), (st := p.stat()).st_size, st.st_mtime_ns) for p in paths]


STALE_AFTER = 3600.0
"""How long ago (in seconds) an entry of another key must have been written to be stale. Not at once,
for another kubegap sharing the folder (a second virtualenv or checkout: its entries have other
keys): while it is in use, it writes its entry again at most once an hour, not at every other run."""


def _remove_stale(folder: Path, name: str, current: Path) -> None:
    """Remove from ``folder`` the entries of ``name`` but ``current`` written over ``STALE_AFTER`` seconds
    ago, and the partial writes of killed processes: only regular files named as :func:`cached_json` names its own."""
    own = re.compile(rf"{re.escape(name)}-[0-9a-f]{{24}}(?:\.json|\.\d+\.tmp)")
    before = time.time() - STALE_AFTER
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name == current.name or not own.fullmatch(entry.name):
                    continue
                try:
                    if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < before:
                        os.unlink(entry.path)
                except OSError:
                    pass
    except OSError:
        pass


def cached_json(name: str, key: object, build: Callable[[], Any]) -> Any:
    """``build()``, cached as JSON in kubegap's cache folder under ``key`` (any JSON value) and kubegap's version.

    Writing an entry removes the stale entries of the same ``name`` (those of an earlier kubegap or of
    edited files). The cache is skipped when it cannot be written (a read-only home: ``build()`` runs
    every time), and an entry that cannot be removed is left.
    """
    digest = hashlib.sha256(orjson.dumps([__version__, key])).hexdigest()[:24]
    cache = _cache_dir() / f"{name}-{digest}.json"
    try:
        return orjson.loads(cache.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        pass
    value = build()
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        partial = cache.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(orjson.dumps(value))
        partial.replace(cache)
    except OSError:
        return value
    _remove_stale(cache.parent, name, cache)
    return value


def _parsed(paths: list[Path]) -> dict[str, dict]:
    """Every file's YAML, parsed once and then cached as JSON until a file changes (parsing is most of loading)."""
    return cached_json("library", file_stamps(paths), lambda: {str(p): _read(p) for p in paths})


def load_from(data_dir: Path) -> Library:
    from kubegap.library.model import VOCABULARIES, Case, Vocabulary

    vocabulary_paths = [data_dir / "vocabularies" / f"{name}.yaml" for name in VOCABULARIES]
    case_paths = sorted((data_dir / "cases").glob("*.yaml"))
    try:
        documents = _parsed(vocabulary_paths + case_paths)
    except OSError as exc:
        raise LibraryError(f"{data_dir}: cannot read the library: {exc}") from None
    vocabularies: dict[str, Vocabulary] = {}
    for name, path in zip(VOCABULARIES, vocabulary_paths, strict=True):
        vocabularies[name] = _parse(Vocabulary, path, documents[str(path)])
    cases: list[Case] = []
    source: dict[str, Path] = {}
    for path in case_paths:
        case = _parse(Case, path, documents[str(path)])
        if case.id in source:
            raise LibraryError(f"{path}: id {case.id!r} is already used by {source[case.id]}")
        if case.id != path.stem:
            raise LibraryError(f"{path}: id {case.id!r} does not match the file name")
        source[case.id] = path
        cases.append(case)
    _check_tags(cases, vocabularies, source)
    cases.sort(key=lambda c: (c.dated, c.id), reverse=True)
    return Library(cases=tuple(cases), vocabularies=vocabularies)


@cache
def load_library() -> Library:
    """The shipped library, loaded once per process."""
    return load_from(_data_dir())


def check_library() -> None:
    """Raise ``LibraryError`` where :func:`load_library` would, without loading the library when the same
    files were found valid before: the verdict is cached under the library's files, the code that
    validates them (this module, the models, the installed Pydantic) and kubegap's version."""
    data_dir = _data_dir()
    pydantic = find_spec("pydantic")
    validators = [Path(__file__), Path(__file__).with_name("model.py")]
    validators += [Path(pydantic.origin)] if pydantic and pydantic.origin else []
    try:
        files = sorted((data_dir / "vocabularies").glob("*.yaml")) + sorted((data_dir / "cases").glob("*.yaml"))
        key = file_stamps(files + validators)
    except OSError as exc:
        raise LibraryError(f"{data_dir}: cannot read the library: {exc}") from None

    def validate() -> bool:
        load_library()  # raises LibraryError, and no verdict is kept
        return True

    cached_json("library-valid", key, validate)
