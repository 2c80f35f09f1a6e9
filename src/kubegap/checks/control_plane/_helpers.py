"""What several control-plane checks share."""

from __future__ import annotations

import base64
import binascii
import re
from datetime import UTC, datetime

_PEM = re.compile(rb"-----BEGIN CERTIFICATE-----(.+?)-----END CERTIFICATE-----", re.DOTALL)


def _element(data: bytes, at: int) -> tuple[int, int, int]:
    """``(tag, start of value, end of value)`` of the DER element at ``at``."""
    tag, length, at = data[at], data[at + 1], at + 2
    if length & 0x80:
        count = length & 0x7F
        length, at = int.from_bytes(data[at : at + count], "big"), at + count
    if at + length > len(data):
        raise ValueError("truncated DER")
    return tag, at, at + length


def not_after(der: bytes) -> datetime:
    """The end of validity of one X.509 certificate in DER (Certificate > TBSCertificate > Validity)."""
    _, at, _ = _element(der, 0)  # Certificate
    _, at, _ = _element(der, at)  # TBSCertificate
    tag, _, end = _element(der, at)
    if tag == 0xA0:  # explicit version
        at = end
    for _ in range(3):  # serialNumber, signature, issuer
        at = _element(der, at)[2]
    _, at, _ = _element(der, at)  # Validity
    at = _element(der, at)[2]  # notBefore
    tag, start, end = _element(der, at)
    text = der[start:end].decode("ascii")
    layout = "%y%m%d%H%M%SZ" if tag == 0x17 else "%Y%m%d%H%M%SZ"
    return datetime.strptime(text, layout).replace(tzinfo=UTC)


def bundle_expiries(ca_bundle: object) -> list[datetime]:
    """notAfter of every certificate in a base64-encoded PEM bundle; unreadable parts are ignored."""
    if not isinstance(ca_bundle, str):
        return []
    try:
        pem = base64.b64decode(ca_bundle, validate=False)
    except (binascii.Error, ValueError):
        return []
    found = []
    for block in _PEM.findall(pem):
        try:
            found.append(not_after(base64.b64decode(b"".join(block.split()))))
        except (binascii.Error, ValueError, IndexError, UnicodeDecodeError):
            continue
    return found
