"""The upgrades checks: one module per check, named after its id.

Upgrade checks: removed node labels and API versions, unsupported releases, kubelet version skew.

Fleet checks: configuration that lets one change reach several clusters at once.
"""
