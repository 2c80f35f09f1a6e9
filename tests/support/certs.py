"""Throwaway certificates for the API servers the tests start: a CA, server and client certificates signed by it."""

from __future__ import annotations

import datetime as dt
import ipaddress
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


def _pem_key(key) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def _pem_cert(cert) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


@dataclass
class Authority:
    """A CA valid for a day; ``issue`` signs server or client certificates with it."""

    directory: Path
    name: str = "kubegap-test-ca"

    def __post_init__(self) -> None:
        self._key = ec.generate_private_key(ec.SECP256R1())
        self._subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, self.name)])
        cert = (
            self._builder(self._subject, self._key.public_key())
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
            .sign(self._key, hashes.SHA256())
        )
        self.cert_path = self.directory / "ca.crt"
        self.cert_path.write_bytes(_pem_cert(cert))

    def _builder(self, subject: x509.Name, public_key) -> x509.CertificateBuilder:
        now = dt.datetime.now(dt.UTC)
        return (
            x509.CertificateBuilder()
            .subject_name(subject)
            .issuer_name(self._subject)
            .public_key(public_key)
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(days=1))
        )

    def issue(
        self, stem: str, common_name: str, *, server: bool = False, organizations: tuple[str, ...] = ()
    ) -> tuple[Path, Path]:
        """``(cert, key)`` paths: a server certificate for 127.0.0.1 and localhost, or a client certificate
        whose organizations are the user's groups (as Kubernetes reads them)."""
        key = ec.generate_private_key(ec.SECP256R1())
        subject = x509.Name(
            [x509.NameAttribute(NameOID.ORGANIZATION_NAME, o) for o in organizations]
            + [x509.NameAttribute(NameOID.COMMON_NAME, common_name)]
        )
        builder = self._builder(subject, key.public_key())
        if server:
            builder = builder.add_extension(
                x509.SubjectAlternativeName(
                    [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
                ),
                critical=False,
            )
        usage = ExtendedKeyUsageOID.SERVER_AUTH if server else ExtendedKeyUsageOID.CLIENT_AUTH
        cert = builder.add_extension(x509.ExtendedKeyUsage([usage]), critical=False).sign(self._key, hashes.SHA256())
        cert_path, key_path = self.directory / f"{stem}.crt", self.directory / f"{stem}.key"
        cert_path.write_bytes(_pem_cert(cert))
        key_path.write_bytes(_pem_key(key))
        return cert_path, key_path


def signing_key(directory: Path) -> tuple[Path, Path]:
    """``(private, public)``: a key pair for signing service-account tokens and checking them."""
    key = ec.generate_private_key(ec.SECP256R1())
    private, public = directory / "service-accounts.key", directory / "service-accounts.pub"
    private.write_bytes(_pem_key(key))
    public.write_bytes(
        key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )
    return private, public
