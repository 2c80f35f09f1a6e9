"""``--pushgateway URL``: the audit's metrics pushed to a Prometheus Pushgateway, for a CronJob that
ends before any scrape could reach it.

The body is ``--format openmetrics``'s series in the Prometheus text format (version 0.0.4, which
every Pushgateway reads), put under the grouping key ``job="kubegap"`` and the cluster's name, so
each run replaces the last one of the same cluster.
"""

from __future__ import annotations

import base64
import io
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from kubegap.errors import UserError
from kubegap.report.document import Report
from kubegap.report.openmetrics import render

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
TIMEOUT = 30


def text_format(report: Report) -> str:
    """The OpenMetrics exposition in the Prometheus text format: no ``# EOF`` or ``# UNIT`` lines, the info
    family a gauge of the same ``kubegap_info`` samples."""
    out = io.StringIO()
    render(report, out)
    lines = []
    for line in out.getvalue().splitlines():
        if line == "# EOF" or line.startswith("# UNIT "):
            continue
        if line == "# TYPE kubegap info":
            line = "# TYPE kubegap_info gauge"
        elif line.startswith("# HELP kubegap "):
            line = "# HELP kubegap_info " + line.removeprefix("# HELP kubegap ")
        lines.append(line)
    return "\n".join(lines) + "\n"


def grouping_url(base: str, cluster: str) -> str:
    """``BASE/metrics/job/kubegap/cluster@base64/...``: the cluster's name encoded so that any name fits a path."""
    encoded = base64.urlsafe_b64encode(cluster.encode()).decode() or "="
    return f"{base.rstrip('/')}/metrics/job/kubegap/cluster@base64/{encoded}"


def push(report: Report, base: str) -> str:
    """PUT the metrics to the Pushgateway at ``base``; the URL they went to."""
    if urlsplit(base).scheme not in ("http", "https") or not urlsplit(base).netloc:
        raise UserError(f"--pushgateway {base!r}: give the Pushgateway's http:// or https:// address")
    url = grouping_url(base, report.cluster.name or "")
    request = urllib.request.Request(
        url, data=text_format(report).encode(), method="PUT", headers={"Content-Type": CONTENT_TYPE}
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            response.read()
    except urllib.error.HTTPError as exc:
        raise UserError(
            f"the Pushgateway at {base} refused the metrics: {exc.code} {exc.read()[:200].decode(errors='replace')}"
        ) from None
    except (urllib.error.URLError, OSError) as exc:
        raise UserError(f"cannot reach the Pushgateway at {base}: {getattr(exc, 'reason', exc)}") from None
    return url
