"""``kubegap rbac``: the least-privilege ClusterRole the enabled checks need."""

from __future__ import annotations

from enum import Enum

import typer

HELP = (
    "Print the ClusterRole that lets kubegap audit a cluster: get and list on exactly the kinds the "
    "enabled checks read, nothing else. Secrets are left out unless --secret-metadata (kubegap lists "
    "them as metadata only, but RBAC cannot grant metadata without data). deploy/ has it as a kustomize base with "
    "a ServiceAccount and a ClusterRoleBinding, and overlays for a nightly CronJob and a one-off Job; "
    "deploy/helm/kubegap has the nightly CronJob as a Helm chart."
)


class RbacFormat(str, Enum):
    yaml = "yaml"
    json = "json"


def rbac(
    check_ids: list[str] = typer.Option(
        None, "--check", "-c", metavar="CHECK-ID", help="Only what these checks read (repeatable)."
    ),
    secret_metadata: bool = typer.Option(
        False, "--secret-metadata", help="Add list on secrets, for checks that need to know a Secret exists."
    ),
    output_format: RbacFormat = typer.Option(RbacFormat.yaml, "--format", "-f", help="Output format."),
) -> None:
    import yaml

    from kubegap.cli.output import warn, write_json
    from kubegap.pipeline import select_checks
    from kubegap.rbac import cluster_role, unknown_kinds
    from kubegap.sources.targets import kinds_read

    kinds = kinds_read(select_checks(check_ids))
    for kind in unknown_kinds(kinds):
        warn(f"no API group known for {kind}; add it to the role by hand")
    role = cluster_role(kinds, secret_metadata=secret_metadata)
    if output_format is RbacFormat.json:
        write_json(role)
    else:
        typer.echo(yaml.safe_dump(role, sort_keys=False, default_flow_style=None, width=200), nl=False)
