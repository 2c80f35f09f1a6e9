"""The workloads checks: one module per check, named after its id.

Workload availability: replica counts, how replicas are spread, and where they actually run.

Controller checks: selectors, update strategies, stuck rollouts, StatefulSet DNS, DaemonSet coverage.

Pod priority and preemption: classes that surprise, and critical pods left preemptable.

Ownership checks: pods that no controller would recreate.

Environment checks: container environments that say one thing twice.

Service-mesh sidecars and the pod lifecycle: a proxy that outlives a batch pod, or leaves a service too early.

Pods that bind ports on their node, and rollouts that need a free node they do not have.

Spreading rules that turn a zone's trouble into Pending replicas instead of moving them elsewhere.
"""
