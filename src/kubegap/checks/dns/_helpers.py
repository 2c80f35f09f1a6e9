"""What several dns checks share."""

from __future__ import annotations

ZALANDO = "zalando-2019-coredns-oom-dns-outage"
