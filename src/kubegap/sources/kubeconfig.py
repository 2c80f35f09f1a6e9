"""Reading kubeconfig files with the official client: bounded, and every failure an error naming what is wrong.

The ``kubernetes`` package loads kubeconfigs itself (contexts, inline and file certificates, token
files, exec plugins), but lets Python's own errors through: a directory, a YAML syntax error, a
missing token file or bad base64 data ended in a traceback. A failing exec plugin was only logged,
and the audit went on without credentials into a misleading 401. Here each is a
:class:`~kubegap.errors.UserError` (exit 2), on every surface.
"""

from __future__ import annotations

import binascii
import contextlib
import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from kubegap.errors import UserError
from kubegap.printable import printable, quoted

MAX_KUBECONFIG_BYTES = 16 * 1024**2
"""Largest kubeconfig file read: 16 MiB. A context's cluster and user, with an inline CA, client
certificate and key, take about 6 KB, so this holds some 2,500 clusters, and keeps ``/dev/zero``
or a 2 GiB file from being parsed whole."""
MAX_MESSAGE_CHARS = 500


def default_path(kubeconfig: str | None) -> str:
    """``--kubeconfig``, else ``$KUBECONFIG`` (a list of files joined by ':'), else ``~/.kube/config``."""
    return kubeconfig or os.environ.get("KUBECONFIG") or str(Path("~/.kube/config").expanduser())


def described(path: str) -> str:
    return f"kubeconfig {quoted(path, 300)}"


def check_files(path: str) -> None:
    """Refuse, before the client reads them, the files of ``path`` that exist but are not a readable
    kubeconfig: a directory, a device, a pipe, a file over :data:`MAX_KUBECONFIG_BYTES`."""
    for name in filter(None, path.split(os.pathsep)):
        file = Path(name).expanduser()
        try:
            mode = file.stat()
        except OSError:
            continue  # missing files are skipped by the client, as kubectl skips them in $KUBECONFIG
        if stat.S_ISDIR(mode.st_mode):
            raise UserError(f"{described(name)} is a directory, not a file")
        if not stat.S_ISREG(mode.st_mode):
            raise UserError(f"{described(name)} is not a regular file (a pipe or device): write it to a file first")
        if mode.st_size > MAX_KUBECONFIG_BYTES:
            raise UserError(
                f"{described(name)} is {mode.st_size:,} bytes, over the {MAX_KUBECONFIG_BYTES:,}-byte limit"
            )


class _Logged(logging.Handler):
    """Errors the client logs instead of raising (an exec plugin that is missing or fails)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextlib.contextmanager
def loading(where: str) -> Iterator[None]:
    """Load cluster configuration from ``where`` (its description) within this block: every failure becomes
    a UserError.

    The root logger holds a handler meanwhile, so what the client logs is kept (and not printed by
    logging's last-resort configuration) and raised when the block ends.
    """
    import yaml
    from kubernetes.config.config_exception import ConfigException

    logged = _Logged()
    root = logging.getLogger()
    root.addHandler(logged)
    try:
        yield
    except ConfigException as exc:
        raise UserError(f"cannot load cluster configuration: {printable(str(exc), MAX_MESSAGE_CHARS)}") from None
    except IsADirectoryError as exc:
        raise UserError(f"{where}: {quoted(str(exc.filename), 300)} is a directory, not a file") from None
    except OSError as exc:
        raise UserError(f"{where}: cannot read {quoted(str(exc.filename), 300)}: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        line = f" (line {mark.line + 1})" if mark is not None else ""
        raise UserError(f"{where} is not valid YAML: {printable(problem, 200)}{line}") from None
    except UnicodeDecodeError:
        raise UserError(f"{where} is not UTF-8 text") from None
    except binascii.Error as exc:
        raise UserError(f"{where}: certificate, key or token data is not valid base64 ({exc})") from None
    except (TypeError, AttributeError, KeyError, ValueError) as exc:
        raise UserError(
            f"{where} is not a kubeconfig (a mapping of clusters, contexts and users): "
            f"{type(exc).__name__}: {printable(str(exc), 200)}"
        ) from None
    finally:
        root.removeHandler(logged)
    if logged.messages:
        raise UserError(f"{where}: cannot get credentials: {printable(logged.messages[0], MAX_MESSAGE_CHARS)}")


def contexts(kubeconfig: str | None) -> tuple[list[str], str | None]:
    """The kubeconfig's context names, sorted, and the current one: names only, never servers or credentials."""
    from kubernetes import config

    path = default_path(kubeconfig)
    check_files(path)
    with loading(described(path)):
        listed, current = config.list_kube_config_contexts(config_file=path)
    names = sorted(c["name"] for c in listed if isinstance(c, dict) and isinstance(c.get("name"), str))
    return names, current.get("name") if isinstance(current, dict) else None
