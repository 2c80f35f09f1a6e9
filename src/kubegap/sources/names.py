"""Kubernetes' naming rules, for every name that reaches a request path, and what a context name may be.

The API server stores nothing whose name breaks these rules (k8s.io/apimachinery's validation:
``IsDNS1123Label`` for namespaces, ``IsDNS1123Subdomain`` for API groups, ``IsDNS1035Label`` for
versions and resource names, the path-segment rule for object names), so refusing a name that
breaks them loses nothing a cluster can hold, and keeps ``/``, ``..``, ``%``, ``?``, ``#``,
backslashes, look-alike Unicode and control characters out of every URL kubegap builds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kubegap.errors import UserError
from kubegap.printable import quoted

_LABEL = r"[a-z0-9](?:[-a-z0-9]*[a-z0-9])?"
_LETTER_LABEL = r"[a-z](?:[-a-z0-9]*[a-z0-9])?"
_LETTER_LABEL_RULE = "an RFC 1035 label: at most 63 lowercase letters, digits and '-', starting with a letter"


@dataclass(frozen=True)
class NameRule:
    noun: str
    pattern: str | None
    """A regular expression the whole name matches (ASCII only); None: any printable text."""
    max_length: int
    rule: str
    """The rule in words, for error messages and tool schemas."""

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not such a name, or None when it is one."""
        if isinstance(value, str) and len(value) > self.max_length:
            return f"{len(value)} characters: a {self.noun} is {self.rule}"
        if (
            not isinstance(value, str)
            or not value
            or not (value.isprintable() if self.pattern is None else re.fullmatch(self.pattern, value, re.ASCII))
        ):
            return f"a {self.noun} is {self.rule}"
        return None

    def require(self, value: str, argument: str) -> str:
        """``value``, or a UserError naming ``argument`` and the rule."""
        problem = self.problem(value)
        if problem is not None:
            raise UserError(f"{argument} {quoted(value)} is not valid: {problem}")
        return value


NAMESPACE = NameRule(
    "namespace",
    _LABEL,
    63,
    "an RFC 1123 label: at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit",
)
API_GROUP = NameRule(
    "API group",
    rf"{_LABEL}(?:\.{_LABEL})*",
    253,
    "an RFC 1123 subdomain: at most 253 characters, labels of lowercase letters, digits and '-' joined by '.'",
)
API_VERSION = NameRule("API version", _LETTER_LABEL, 63, _LETTER_LABEL_RULE)
RESOURCE = NameRule("resource name", _LETTER_LABEL, 63, _LETTER_LABEL_RULE)
OBJECT_NAME = NameRule(
    "object name",
    r"(?!\.\.?$)[A-Za-z0-9._:-]+",
    253,
    "at most 253 letters, digits, '-', '.', '_' and ':', and not '.' or '..' (a DNS subdomain or a path segment "
    "the API server accepts without escaping)",
)

CONTEXT = NameRule("context name", None, 253, "1 to 253 printable characters (no control or formatting characters)")
"""Context names never reach a URL, but they are printed (errors, the report's cluster name) and looked up
in the kubeconfig: any printable text a kubeconfig can hold is accepted, nothing that could drive a terminal."""
