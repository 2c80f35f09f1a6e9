"""The networking checks: one module per check, named after its id.

Exposure checks: dashboards and admin tools reachable from outside the cluster without a guard.

Networking checks: Services with too few endpoints, kube-proxy's connection-tracking limits.

Advisory checks: add-on versions with a published, exploitable vulnerability in the way they run.

What NetworkPolicies together allow a pod: egress isolation that leaves no way to the cluster's DNS.

Component versions with a published reliability defect that the cluster's own objects reveal.
"""
