"""What a cron schedule says about how often a CronJob runs."""

from __future__ import annotations

import datetime as dt

_MACROS = {
    "@yearly": dt.timedelta(days=366),
    "@annually": dt.timedelta(days=366),
    "@monthly": dt.timedelta(days=31),
    "@weekly": dt.timedelta(days=7),
    "@daily": dt.timedelta(days=1),
    "@midnight": dt.timedelta(days=1),
    "@hourly": dt.timedelta(hours=1),
}


def _step(field: str) -> int | None:
    """n for a "*/n" field, 1 for "*", None for anything that restricts the values."""
    if field == "*":
        return 1
    if field.startswith("*/") and field[2:].isdigit() and int(field[2:]) > 0:
        return int(field[2:])
    return None


def longest_gap(schedule: object) -> dt.timedelta | None:
    """An upper bound on the time between two runs of a cron schedule (None when it cannot be read)."""
    if not isinstance(schedule, str):
        return None
    words = [w for w in schedule.split() if not w.startswith(("CRON_TZ=", "TZ="))]
    if len(words) == 1:
        return _MACROS.get(words[0].lower())
    if len(words) != 5:
        return None
    minute, hour, day, month, weekday = words
    if _step(month) != 1:
        return dt.timedelta(days=366)
    if _step(day) != 1:
        return dt.timedelta(days=31)
    if _step(weekday) != 1:
        return dt.timedelta(days=7)
    if (step := _step(hour)) is None:
        return dt.timedelta(days=1)
    if step > 1:
        return dt.timedelta(hours=step)
    if (step := _step(minute)) is None:
        return dt.timedelta(hours=1)
    return dt.timedelta(minutes=step)


def at_most_daily(schedule: object) -> bool:
    """Whether a cron schedule starts at most one run a day: one minute of one hour (``35 0 * * *``, ``0 0 1 */11 *``),
    or a macro of a day or longer."""
    if not isinstance(schedule, str):
        return False
    words = [w for w in schedule.split() if not w.startswith(("CRON_TZ=", "TZ="))]
    if len(words) == 1:
        gap = _MACROS.get(words[0].lower())
        return gap is not None and gap >= dt.timedelta(days=1)
    return len(words) == 5 and words[0].isdigit() and words[1].isdigit()


def rarely_runs(cronjob: dict) -> str | None:
    """Why a CronJob's runs are rare, in words for a message, or None: it is suspended, so it starts none on its
    own and runs only when someone starts a Job from it, or its schedule starts at most one run a day."""
    spec = cronjob.get("spec")
    if not isinstance(spec, dict):
        return None
    if spec.get("suspend") is True:
        return "it is suspended: it runs only when someone starts a Job from it"
    if at_most_daily(spec.get("schedule")):
        return "it starts at most one run a day, for as long as each run lasts"
    return None
