"""Safe, fast YAML parsing shared by the library loader and the manifest source.

Always the safe loader (no tag can construct a Python object), in its C implementation where
available. Two departures from PyYAML's defaults, both matching what Kubernetes accepts:
a bare ``=`` is a plain string (real CRDs use it as a value; PyYAML would read it as the YAML
"value" type and fail), and duplicate mapping keys are recorded so callers can warn about them
(the last value wins, as with PyYAML).
"""

from __future__ import annotations

from collections.abc import Iterator

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Loader(_Base):  # type: ignore[misc, valid-type]
    def __init__(self, stream):
        super().__init__(stream)
        self.duplicates: list[tuple[str, int]] = []

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


def load_all(text: str) -> Iterator:
    return iter(documents(text)[0])


def load(text: str):
    return yaml.load(text, Loader=Loader)


YAMLError = yaml.YAMLError
