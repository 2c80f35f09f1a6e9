"""Safe, fast YAML parsing shared by the library loader and the manifest source.

Always the safe loader (no tag can construct a Python object), in its C implementation where
available. Departures from PyYAML's defaults, each recorded so that callers can warn about it:

- a bare ``=`` is a plain string (real CRDs use it as a value; PyYAML would read it as the YAML
  "value" type and fail);
- duplicate mapping keys are recorded (the last value wins, as with PyYAML);
- a name, a namespace, and the keys and values of labels, annotations and selectors are text in
  Kubernetes: where YAML would read one as a number, a date or a boolean (``name: 2024-01-01``,
  ``version: 1.10``, ``enabled: yes``), it is kept as the text written, not as the ``1.1`` or
  ``datetime.date`` YAML would make of it (:data:`TEXT_FIELDS`, :data:`TEXT_MAPS`);
- an integer past 64 bits is read as a JSON reader would read it (:func:`kubegap.jsonnumbers.json_number`),
  so the same manifest in YAML and in JSON is the same object.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

import yaml

from kubegap import limits
from kubegap.jsonnumbers import EXACT, json_number

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_STR, _MAP, _SEQ, _MERGE = (f"tag:yaml.org,2002:{t}" for t in ("str", "map", "seq", "merge"))
_READ_AS = {
    f"tag:yaml.org,2002:{t}": what
    for t, what in (("int", "a number"), ("float", "a number"), ("bool", "true or false"), ("timestamp", "a date"))
}
"""Tags YAML resolves a plain scalar to that a text field must not take, with what YAML would have made of it."""

PAST_64_BITS = "past what a 64-bit integer holds"
"""The reason of a :class:`Retyped` integer; every other reason is what YAML would have read a text field as."""

TEXT_FIELDS = frozenset({"name", "namespace", "generateName"})
"""Keys whose value identifies an object or a part of one (a container, a port, a volume): always text."""
TEXT_MAPS = frozenset({"labels", "annotations", "matchLabels", "nodeSelector", "selector"})
"""Keys whose value is a string-to-string map in Kubernetes: each key and scalar value in it is text."""
VERBATIM_FIELDS = frozenset({"openAPIV3Schema"})
"""Keys whose value is a JSON schema (a CRD's): its property names are not fields, so nothing in it is made text."""
_NAMES, _TEXTS, _VERBATIM = range(3)
"""Where a mapping stands: its TEXT_FIELDS are text; it is a string map, all text; it is in a schema, as written."""


def _mode(outer: int, key: object) -> int:
    """How the mapping (or sequence) under ``key`` of a mapping in mode ``outer`` is read."""
    if outer == _VERBATIM or key in VERBATIM_FIELDS:
        return _VERBATIM
    return _TEXTS if key in TEXT_MAPS else _NAMES


class Retyped(NamedTuple):
    """A scalar read otherwise than YAML resolves it: where it is, as written, as read, and why."""

    path: tuple[str | int, ...]
    line: int
    """1-based, in the text parsed."""
    text: str
    value: Any
    reason: str

    @property
    def field(self) -> str:
        """The path as a field reference: ``metadata.labels["app.kubernetes.io/version"]``, ``spec.ports[0].name``."""
        parts = []
        for part in self.path:
            if isinstance(part, int):
                parts.append(f"[{part}]")
            elif part.replace("-", "_").isidentifier():
                parts.append(f".{part}" if parts else part)
            else:
                parts.append(f'["{part}"]')
        return "".join(parts)


class _Unusual(Exception):
    """A document the direct builder leaves to PyYAML: merge keys, recursive aliases, odd tags."""


_BUILDING = object()


class Loader(_Base):  # type: ignore[misc, valid-type]
    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.duplicates: list[tuple[str, int]] = []
        self.retyped: list[Retyped] = []
        self._marked: dict[int, tuple] = {}  # id(node) -> (node, value, reason) of the document being built

    def construct_document(self, node: yaml.Node) -> Any:
        """Build plain dicts, lists and strings straight from the node tree (several times faster
        than PyYAML's generic constructor); anything unusual goes through PyYAML's own path."""
        recorded = len(self.duplicates)
        self._marked = {}
        try:
            data = self._build(node, {})
        except _Unusual:
            del self.duplicates[recorded:]
            _text_fields(node, self._as_text)
            data = super().construct_document(node)
        if self._marked:
            self.retyped += _located(node, self._marked)
        return data

    def _as_text(self, node: Any) -> None:
        """Keep a plain scalar that YAML would read as a number, a date or a boolean as the text written. ``node`` is
        a ScalarNode: callers test its class exactly (``__class__ is``, for speed), which the type checker does not
        follow."""
        reason = _READ_AS.get(node.tag)
        if reason is not None and not node.style:  # plain (C loader: "", PyYAML: None), not quoted
            node.tag = _STR
            self._marked[id(node)] = (node, node.value, reason)

    def note_number(self, node: yaml.Node, value: object) -> None:
        self._marked[id(node)] = (node, value, PAST_64_BITS)

    def _build(self, node: yaml.Node, built: dict, mode: int = _NAMES) -> Any:
        key = id(node)
        value = built.get(key)
        if value is _BUILDING:
            raise _Unusual  # an alias to an enclosing node: PyYAML builds recursive objects
        if value is not None:
            return value
        tag = node.tag
        if isinstance(node, yaml.ScalarNode):
            if tag == _STR:
                return node.value
            constructor = self.yaml_constructors.get(tag)
            if constructor is None or tag in (_MAP, _SEQ):
                raise _Unusual
            value = constructor(self, node)
        elif isinstance(node, yaml.MappingNode):
            if tag != _MAP:
                raise _Unusual
            built[key] = _BUILDING
            value, seen = {}, set()
            for key_node, value_node in node.value:
                if key_node.tag == _MERGE:
                    raise _Unusual
                if mode == _TEXTS and key_node.tag != _STR and key_node.__class__ is yaml.ScalarNode:
                    self._as_text(key_node)
                name = self._build(key_node, built)
                if isinstance(key_node, yaml.ScalarNode):
                    if key_node.value in seen:
                        self.duplicates.append((key_node.value, key_node.start_mark.line + 1))
                    seen.add(key_node.value)
                try:
                    if value_node.__class__ is yaml.ScalarNode:
                        if value_node.tag != _STR and (mode == _TEXTS or mode == _NAMES and name in TEXT_FIELDS):
                            self._as_text(value_node)
                        child = mode
                    else:
                        child = _mode(mode, name)
                    value[name] = self._build(value_node, built, child)
                except TypeError:
                    raise _Unusual from None  # an unhashable key: PyYAML reports it
        elif isinstance(node, yaml.SequenceNode):
            if tag != _SEQ:
                raise _Unusual
            built[key] = _BUILDING
            value = [self._build(item, built, _NAMES if mode == _TEXTS else mode) for item in node.value]
        else:
            raise _Unusual
        built[key] = value
        return value

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen = set()
        for key_node, _ in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key is not None and key in seen and key != "<<":
                self.duplicates.append((key, key_node.start_mark.line + 1))
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


Loader.yaml_implicit_resolvers = {
    key: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:value"]
    for key, resolvers in _Base.yaml_implicit_resolvers.items()
}
Loader.add_constructor("tag:yaml.org,2002:map", Loader.construct_yaml_map)


def _construct_int(loader: Loader, node: yaml.ScalarNode) -> Any:
    """An integer as a JSON reader would hold it, or a YAML error naming it when it is too long for Python to convert."""
    try:
        value = _Base.construct_yaml_int(loader, node)
    except ValueError:
        digits = sum(c.isdigit() for c in node.value)
        problem = f"a number of {digits} digits, over Python's {sys.get_int_max_str_digits()}-digit limit"
        raise yaml.constructor.ConstructorError(None, None, problem, node.start_mark) from None
    if value in EXACT:
        return value
    fitted = json_number(value)
    loader.note_number(node, fitted)
    return fitted


def _text_fields(node: yaml.Node, as_text: Callable[[yaml.ScalarNode], None]) -> None:
    """``Loader._build``'s choice of text scalars, for a document PyYAML builds: a walk over its nodes."""
    seen: set[int] = set()
    stack = [(node, _NAMES)]
    while stack:
        node, mode = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                name = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
                scalars = (
                    (key_node, value_node)
                    if mode == _TEXTS
                    else (value_node,)
                    if mode == _NAMES and name in TEXT_FIELDS
                    else ()
                )
                for scalar in scalars:
                    if isinstance(scalar, yaml.ScalarNode):
                        as_text(scalar)
                stack.append((value_node, _mode(mode, name)))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, _NAMES if mode == _TEXTS else mode) for item in node.value)


def _located(root: yaml.Node, marked: dict[int, tuple]) -> list[Retyped]:
    """Each marked scalar node of the document ``root`` with its path, in document order."""
    found: list[Retyped] = []
    seen: set[int] = set()

    def walk(node: yaml.Node, path: tuple) -> None:
        if id(node) in marked and id(node) not in seen:
            seen.add(id(node))
            scalar, value, reason = marked[id(node)]
            found.append(Retyped(path, scalar.start_mark.line + 1, scalar.value, value, reason))
        if id(node) in walked:
            return
        walked.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                key = key_node.value if isinstance(key_node, yaml.ScalarNode) else "?"
                walk(key_node, (*path, key))
                walk(value_node, (*path, key))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, (*path, index))

    walked: set[int] = set()
    walk(root, ())
    return found


Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)


class Parsed(NamedTuple):
    documents: list
    duplicates: list[tuple[str, int]]
    """Repeated mapping keys, as ``(key, line)``."""
    retyped: list[Retyped]
    """Scalars read otherwise than YAML resolves them (see the module's docstring)."""


_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")
_TOO_INDENTED = re.compile(rf"^ {{{2 * limits.MAX_NESTING_DEPTH + 1}}}", re.MULTILINE)


def too_deep(text: str) -> bool:
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


def documents(text: str) -> Parsed:
    """Every document of a YAML stream, with what was noted while reading them."""
    loader = Loader(text)
    try:
        found = []
        while loader.check_data():
            found.append(loader.get_data())
        return Parsed(found, loader.duplicates, loader.retyped)
    finally:
        loader.dispose()


def load(text: str) -> Any:
    return yaml.load(text, Loader=Loader)


YAMLError = yaml.YAMLError
