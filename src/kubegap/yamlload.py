"""Safe, fast YAML parsing shared by the library loader and the manifest source.

Always the safe loader (no tags that construct Python objects), in its C implementation where
available. The loader's resolver accepts a bare ``=`` as a plain string: real CRDs use it as a
value and PyYAML's default resolver would otherwise try to read it as the YAML "value" type.
"""

from __future__ import annotations

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Loader(_Base):  # type: ignore[misc, valid-type]
    pass


# PyYAML resolves a plain "=" to tag:yaml.org,2002:value, which the safe constructor rejects.
Loader.yaml_implicit_resolvers = {
    key: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:value"]
    for key, resolvers in _Base.yaml_implicit_resolvers.items()
}


def load_all(text: str):
    return yaml.load_all(text, Loader=Loader)


def load(text: str):
    return yaml.load(text, Loader=Loader)


YAMLError = yaml.YAMLError
