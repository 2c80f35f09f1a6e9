"""The audit configuration file (``.kubegap.yaml`` or ``--config PATH``), validated by Pydantic.

It turns checks off, overrides their severities, sets their thresholds (passed to the check as
settings) and exempts findings by rule. A rule needs a reason; a rule past its expiry date no
longer suppresses anything and is reported instead, so exemptions cannot be forgotten.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from kubegap import yamlload
from kubegap.checks.base import Check, Finding, Severity
from kubegap.domain.resources import ObjectRef
from kubegap.errors import UserError
from kubegap.inputbytes import NotRead, read_bytes
from kubegap.suggest import did_you_mean

DEFAULT_FILE = ".kubegap.yaml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CheckConfig(_Strict):
    enabled: bool = True
    severity: Severity | None = None
    settings: dict[str, Any] = Field(default_factory=dict)


class Exemption(_Strict):
    check: str = Field(min_length=1, description='a check id, or "all"')
    namespace: str | None = Field(
        default=None, description="a glob; unset matches every namespace and cluster-scoped objects"
    )
    name: str = Field(default="*", min_length=1, description="a glob on the object's name")
    reason: str = Field(min_length=1)
    expires: dt.date | None = None

    @field_validator("reason")
    @classmethod
    def _reason_says_something(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("a reason is required")
        return value

    def expired(self, today: dt.date) -> bool:
        return self.expires is not None and self.expires < today

    def matches(self, finding: Finding) -> bool:
        return self.covers(finding.check_id, finding.object)

    def covers(self, check_id: str, ref: ObjectRef) -> bool:
        """Whether the rule exempts the object from the check."""
        if self.check not in ("all", check_id):
            return False
        ns = ref.namespace
        if self.namespace is not None and (ns is None or not fnmatchcase(ns, self.namespace)):
            return False
        return fnmatchcase(ref.name, self.name)

    def describe(self) -> str:
        where = f"namespace {self.namespace}, " if self.namespace is not None else ""
        return f"check {self.check}, {where}name {self.name}"

    def to_json(self) -> dict:
        return {
            "check": self.check,
            "namespace": self.namespace,
            "name": self.name,
            "reason": self.reason,
            "expires": self.expires.isoformat() if self.expires else None,
        }


class Config(_Strict):
    checks: dict[str, CheckConfig] = Field(default_factory=dict)
    exemptions: tuple[Exemption, ...] = ()
    path: str | None = Field(default=None, exclude=True)

    def apply(self, checks: list[Check], *, chosen_explicitly: bool = False) -> list[Check]:
        """The enabled checks with severity overrides applied; checks chosen with --check run even if disabled."""
        kept = []
        for check in checks:
            entry = self.checks.get(check.id)
            if entry is None:
                kept.append(check)
            elif entry.enabled or chosen_explicitly:
                kept.append(replace(check, severity=entry.severity) if entry.severity else check)
        return kept

    def settings(self) -> dict[str, dict]:
        return {check_id: dict(entry.settings) for check_id, entry in self.checks.items() if entry.settings}


def _same_type(value: Any, expected: type, *, unset_allowed: bool) -> bool:
    """Whether ``value`` fits a setting of type ``expected`` (null too, for a setting unset by default)."""
    if value is None:
        return unset_allowed
    if expected is bool:
        return isinstance(value, bool)
    if expected in (int, float):
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, expected)


def _type_name(expected: type) -> str:
    if expected is bool:
        return "true or false"
    if expected in (int, float):
        return "a number"
    names: dict[type, str] = {str: "a string", list: "a list", dict: "a mapping"}
    return names.get(expected, expected.__name__)


def _references(data: dict) -> list[str]:
    """What the schema cannot see: unknown checks and settings, and settings of the wrong type,
    read from the raw file so that they are reported with its other mistakes, all at once."""
    from kubegap.checks import all_checks, get_check

    known = [c.id for c in all_checks()]
    problems = []
    checks = data.get("checks")
    for check_id, entry in checks.items() if isinstance(checks, dict) else ():
        check = get_check(check_id)
        if check is None:
            problems.append(
                f"checks.{check_id}: no such check{did_you_mean(str(check_id), known)} (see 'kubegap checks')"
            )
            continue
        settings = entry.get("settings") if isinstance(entry, dict) else None
        for key, value in settings.items() if isinstance(settings, dict) else ():
            if key not in check.defaults:
                names = ", ".join(sorted(check.defaults)) or "none"
                problems.append(
                    f"checks.{check_id}.settings.{key}: unknown setting{did_you_mean(str(key), check.defaults)} (known: {names})"
                )
            elif not _same_type(value, check.setting_types[key], unset_allowed=check.defaults[key] is None):
                problems.append(
                    f"checks.{check_id}.settings.{key}: expected {_type_name(check.setting_types[key])}, got {value!r}"
                )
    exemptions = data.get("exemptions")
    for index, rule in enumerate(exemptions if isinstance(exemptions, list) else ()):
        check_id = rule.get("check") if isinstance(rule, dict) else None
        if isinstance(check_id, str) and check_id and check_id != "all" and get_check(check_id) is None:
            problems.append(
                f'exemptions.{index}.check: no such check {check_id!r}{did_you_mean(check_id, known)} (or use "all")'
            )
    return problems


def _fields(loc: tuple) -> list[str]:
    """The keys allowed where an unknown key ``loc`` was found: the top level, a check's entry or an exemption."""
    model = Config if len(loc) == 1 else CheckConfig if loc[0] == "checks" else Exemption
    return [name for name, field in model.model_fields.items() if not field.exclude]


def _schema_problems(error: ValidationError) -> list[str]:
    lines = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"])
        message = item["msg"].removeprefix("Value error, ")
        if item["type"] == "extra_forbidden":
            message = f"unknown key{did_you_mean(str(item['loc'][-1]), _fields(item['loc']))} (known: {', '.join(_fields(item['loc']))})"
        lines.append(f"{where + ': ' if where else ''}{message}")
    return lines


def load_config(path: Path) -> Config:
    """Read and validate a config file; any problem is a UserError naming the file and field."""
    try:
        text = read_bytes(path).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read the config file: {getattr(exc, 'strerror', None) or exc}") from None
    except NotRead as exc:
        raise UserError(f"{path}: cannot read the config file: {exc.reason}") from None
    try:
        data = yamlload.load(text)
    except yamlload.YAMLError as exc:
        raise UserError(f"{path}: invalid YAML: {str(exc).splitlines()[0]}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UserError(f"{path}: expected a mapping with 'checks' and/or 'exemptions' at the top level")
    problems: list[str] = []
    config: Config | None = None
    try:
        config = Config.model_validate(data)
    except ValidationError as exc:
        problems += _schema_problems(exc)
    problems += _references(data)
    if problems or config is None:
        raise UserError("\n".join(f"{path}: {problem}" for problem in problems))
    return config.model_copy(update={"path": str(path)})


def find_config(explicit: Path | None, cwd: Path | None = None) -> Config | None:
    """``--config PATH`` when given, else ``.kubegap.yaml`` in the working directory if there is one."""
    if explicit is not None:
        return load_config(explicit)
    default = (cwd or Path.cwd()) / DEFAULT_FILE
    return load_config(default) if default.is_file() else None
