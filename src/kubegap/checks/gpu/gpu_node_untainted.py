"""``gpu-node-untainted``: GPU nodes without a taint in a cluster that also runs non-GPU workloads."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.gpus import is_gpu_node, node_gpus, template_gpus
from kubegap.domain.resources import dig
from kubegap.domain.scheduling import node_taints

TWO_I_TWO_C = "2i2c-2024-untainted-eks-gpu-nodes-scaled-up-for-builder-pod"


SCHEDULING_EFFECTS = ("NoSchedule", "NoExecute")


@check(
    id="gpu-node-untainted",
    title="GPU nodes without a taint in a cluster that also runs non-GPU workloads",
    severity="medium",
    category="gpu",
    cases=[TWO_I_TWO_C],
    requires=["Node"],
    reads=["workloads"],
    fix=(
        "Taint GPU node pools (for example nvidia.com/gpu=present:NoSchedule) so that only pods that "
        "tolerate it, usually the ones requesting GPUs, are placed on them or make the autoscaler add them."
    ),
)
def gpu_node_untainted(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Nodes with GPUs (capacity or the GPU operator's `nvidia.com/gpu.present` label) that carry no
    `NoSchedule` or `NoExecute` taint, when the inventory also holds workloads whose pods request no
    GPU. Skipped when no workload was collected (nothing says what else could land on the nodes).

    ## Why it matters

    On 2i2c's AWS clusters the GPU node pools created with eksctl carried the same user-node label as
    ordinary user nodes and, unlike their GCP GPU pools, no taint. BinderHub image-builder pods,
    scheduled onto user nodes, could therefore land on GPU nodes, and on one hub a single build
    request made the cluster autoscaler start a GPU node.

    ## Severity

    Always **medium**: pods that need no GPU can take a GPU node's CPU and memory, and the autoscaler
    may keep costly nodes for them.

    ## Example

    ```yaml
    kind: Node
    metadata: {name: gpu-1, labels: {node-purpose: user}}
    status: {capacity: {nvidia.com/gpu: "4"}}
    spec: {}          # no taints
    ```

    ## Fix

    ```yaml
    spec:
      taints:
      - {key: nvidia.com/gpu, value: present, effect: NoSchedule}
    ```
    """
    gpu_nodes = [n for n in ctx.inventory.nodes if is_gpu_node(n)]
    if not gpu_nodes:
        raise Skip("no GPU nodes")
    if not ctx.inventory.workloads:
        raise Skip("no workloads collected, so it is unknown whether non-GPU pods could use the GPU nodes")
    untainted = [n for n in gpu_nodes if not any(t.get("effect") in SCHEDULING_EFFECTS for t in node_taints(n))]
    if not untainted:
        return  # every GPU node keeps other pods off: no need to count the workloads that ask for no GPU
    cpu_only = [w for w in ctx.inventory.workloads if not any(template_gpus(t) > 0 for t in w.templates)]
    if not cpu_only:
        return
    for node in untainted:
        yield ctx.finding(
            node,
            f"GPU node has no NoSchedule taint: non-GPU pods ({len(cpu_only)} workloads request no GPU) can be "
            "placed on it or make the autoscaler add GPU nodes.",
            Evidence("spec.taints", dig(node, "spec", "taints")),
            Evidence("GPU capacity", node_gpus(node)),
        )
