"""Safe, fast YAML parsing shared by the library loader and the manifest source.

Always the safe loader (no tag can construct a Python object), in its C implementation where
available. Two departures from PyYAML's defaults, both matching what Kubernetes accepts:
a bare ``=`` is a plain string (real CRDs use it as a value; PyYAML would read it as the YAML
"value" type and fail), and duplicate mapping keys are recorded so callers can warn about them
(the last value wins, as with PyYAML).
"""

from __future__ import annotations

import sys

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_STR, _MAP, _SEQ, _MERGE = (f"tag:yaml.org,2002:{t}" for t in ("str", "map", "seq", "merge"))


class _Unusual(Exception):
    """A document the direct builder leaves to PyYAML: merge keys, recursive aliases, odd tags."""


_BUILDING = object()


class Loader(_Base):  # type: ignore[misc, valid-type]
    def __init__(self, stream):
        super().__init__(stream)
        self.duplicates: list[tuple[str, int]] = []

    def construct_document(self, node):
        """Build plain dicts, lists and strings straight from the node tree (several times faster
        than PyYAML's generic constructor); anything unusual goes through PyYAML's own path."""
        recorded = len(self.duplicates)
        try:
            return self._build(node, {})
        except _Unusual:
            del self.duplicates[recorded:]
            return super().construct_document(node)

    def _build(self, node, built: dict):
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
                name = self._build(key_node, built)
                if isinstance(key_node, yaml.ScalarNode):
                    if key_node.value in seen:
                        self.duplicates.append((key_node.value, key_node.start_mark.line + 1))
                    seen.add(key_node.value)
                try:
                    value[name] = self._build(value_node, built)
                except TypeError:
                    raise _Unusual from None  # an unhashable key: PyYAML reports it
        elif isinstance(node, yaml.SequenceNode):
            if tag != _SEQ:
                raise _Unusual
            built[key] = _BUILDING
            value = [self._build(item, built) for item in node.value]
        else:
            raise _Unusual
        built[key] = value
        return value

    def construct_mapping(self, node, deep=False):
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


def _construct_int(loader: Loader, node):
    """An integer, or a YAML error naming it when it is too long for Python to convert."""
    try:
        return _Base.construct_yaml_int(loader, node)
    except ValueError:
        digits = sum(c.isdigit() for c in node.value)
        problem = f"a number of {digits} digits, over Python's {sys.get_int_max_str_digits()}-digit limit"
        raise yaml.constructor.ConstructorError(None, None, problem, node.start_mark) from None


Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)


def documents(text: str) -> tuple[list, list[tuple[str, int]]]:
    """Every document of a YAML stream, and the duplicate keys seen as ``(key, line)``."""
    loader = Loader(text)
    try:
        found = []
        while loader.check_data():
            found.append(loader.get_data())
        return found, loader.duplicates
    finally:
        loader.dispose()


def load(text: str):
    return yaml.load(text, Loader=Loader)


YAMLError = yaml.YAMLError
