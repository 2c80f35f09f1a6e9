"""Deterministic synthetic clusters, shaped like ``kubectl get -o json`` output, for benchmarks.

``python benchmarks/generate.py --nodes 200 --pods-per-node 30 -o small.json`` writes a kubegap
snapshot (``--list`` writes a plain ``kind: List`` instead; a ``.gz`` name compresses it). The
same arguments and seed always give the same bytes.

Objects carry what the API server returns: metadata with uids, owner references, labels,
annotations and ``managedFields``, a full spec, and ``status`` (conditions, container statuses,
node images). Their sizes follow real objects in the shared corpus (derailed-k9s,
vmware-tanzu-sonobuoy, edgexr-edge-cloud-platform); ``tests/benchmarks/test_generate.py``
measures both and keeps each kind's median within a factor of two. Compact JSON, median,
without managedFields (the corpus' test data mostly has them stripped):

=================  =============  ==========  ========================================
kind               corpus         generated   generated managedFields (added on top)
=================  =============  ==========  ========================================
Pod                3.9 KB (34)    4.0 KB      1.7 KB
Node               3.6 KB (9)     7.1 KB      3.7 KB (an AKS node in the corpus: 3.0 KB)
Deployment         2.7 KB         3.4 KB      0.9 KB
ReplicaSet         1.8 KB         3.2 KB      1.0 KB
StatefulSet        2.1 KB         3.3 KB      0.8 KB
DaemonSet          5.0 KB         3.0 KB      0.8 KB
Service, PDB, HPA  0.8-1.2 KB     0.7-1.1 KB  0.8 KB
=================  =============  ==========  ========================================

The cluster: ``namespaces`` tenant namespaces plus kube-system; a tenth of the nodes carry
8 GPUs and RDMA devices; DaemonSets (kube-proxy, Cilium, node exporter, log shipper on every
node; DCGM exporter on GPU nodes) take one pod per node; the other pods belong to Deployments
(through ReplicaSets, with an old ReplicaSet scaled to zero), StatefulSets (with claims on local
and network storage), Jobs and PyTorchJobs on the GPU nodes. Every Deployment and StatefulSet
has a Service with an EndpointSlice, most have a PDB, some an HPA; ConfigMaps are spread over
the namespaces.
"""

from __future__ import annotations

import argparse
import gzip
import random
import uuid
from dataclasses import dataclass
from pathlib import Path

import orjson

CREATED = "2026-03-02T08:14:%02dZ"
STARTED = "2026-03-09T11:%02d:%02dZ"
ZONES = ("us-east-1a", "us-east-1b", "us-east-1c")
OS_IMAGE = "Ubuntu 22.04.4 LTS"
TEAMS = ("search", "payments", "ads", "ml-platform", "checkout", "identity", "growth", "data")
APPS = ("api", "web", "worker", "gateway", "indexer", "scheduler", "cache", "feed", "router", "auth")
DAEMONSETS = (
    ("kube-proxy", "registry.k8s.io/kube-proxy:v1.29.4", False),
    ("cilium", "quay.io/cilium/cilium:v1.15.5", False),
    ("node-exporter", "quay.io/prometheus/node-exporter:v1.8.1", False),
    ("fluent-bit", "cr.fluentbit.io/fluent/fluent-bit:3.0.4", False),
    ("dcgm-exporter", "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.5-3.4.1-ubuntu22.04", True),
)


@dataclass(frozen=True)
class Shape:
    """What to generate. ``pods`` is nodes x pods_per_node, whatever owns them."""

    nodes: int = 200
    pods_per_node: int = 30
    namespaces: int = 20
    gpu_fraction: float = 0.1
    configmaps_per_namespace: int = 12
    seed: int = 1

    @property
    def pods(self) -> int:
        return self.nodes * self.pods_per_node


class Builder:
    def __init__(self, shape: Shape):
        self.shape = shape
        self.rng = random.Random(shape.seed)
        self.items: list[dict] = []
        self.counter = 0

    # -- common parts ----------------------------------------------------------------------------
    def uid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def stamp(self) -> str:
        self.counter += 1
        return CREATED % (self.counter % 60)

    def started(self) -> str:
        return STARTED % (self.rng.randrange(60), self.rng.randrange(60))

    def hex(self, length: int) -> str:
        return f"{self.rng.getrandbits(4 * length):0{length}x}"

    def metadata(
        self,
        name: str,
        ns: str | None,
        labels: dict,
        owner: dict | None = None,
        managers: tuple = ("kube-controller-manager",),
        **extra,
    ) -> dict:
        meta = {
            "name": name,
            "uid": self.uid(),
            "resourceVersion": str(self.rng.randrange(10**6, 10**8)),
            "generation": self.rng.randrange(1, 40),
            "creationTimestamp": self.stamp(),
            "labels": labels,
            "managedFields": [self.managed_field(m, labels, extra.get("annotations")) for m in managers],
        }
        if ns is not None:
            meta["namespace"] = ns
        if owner is not None:
            meta["ownerReferences"] = [
                {
                    "apiVersion": owner["apiVersion"],
                    "kind": owner["kind"],
                    "name": owner["metadata"]["name"],
                    "uid": owner["metadata"]["uid"],
                    "controller": True,
                    "blockOwnerDeletion": True,
                }
            ]
        meta.update(extra)
        return meta

    def managed_field(self, manager: str, labels: dict, annotations: dict | None) -> dict:
        fields: dict = {"f:metadata": {"f:labels": {".": {}, **{f"f:{k}": {} for k in labels}}}}
        if annotations:
            fields["f:metadata"]["f:annotations"] = {".": {}, **{f"f:{k}": {} for k in annotations}}
        fields["f:spec"] = {
            "f:template": {
                "f:metadata": {"f:labels": {".": {}}},
                "f:spec": {
                    "f:containers": {
                        'k:{"name":"main"}': {
                            ".": {},
                            "f:image": {},
                            "f:imagePullPolicy": {},
                            "f:name": {},
                            "f:resources": {".": {}, "f:limits": {}, "f:requests": {}},
                            "f:terminationMessagePath": {},
                            "f:terminationMessagePolicy": {},
                        }
                    },
                    "f:dnsPolicy": {},
                    "f:restartPolicy": {},
                    "f:schedulerName": {},
                    "f:securityContext": {},
                    "f:terminationGracePeriodSeconds": {},
                },
            }
        }
        fields["f:status"] = {
            "f:conditions": {
                ".": {},
                'k:{"type":"Ready"}': {".": {}, "f:lastTransitionTime": {}, "f:status": {}, "f:type": {}},
            }
        }
        return {
            "manager": manager,
            "operation": "Update",
            "apiVersion": "v1",
            "time": self.started(),
            "fieldsType": "FieldsV1",
            "fieldsV1": fields,
        }

    def container(
        self,
        name: str,
        image: str,
        cpu: str,
        memory: str,
        *,
        gpus: int = 0,
        env: list | None = None,
        port: int | None = 8080,
    ) -> dict:
        limits = {"cpu": cpu, "memory": memory}
        requests = {"cpu": cpu, "memory": memory}
        if gpus:
            limits.update({"nvidia.com/gpu": str(gpus), "rdma/rdma_shared_device_a": "1"})
            requests.update({"nvidia.com/gpu": str(gpus), "rdma/rdma_shared_device_a": "1"})
        container = {
            "name": name,
            "image": image,
            "imagePullPolicy": "IfNotPresent",
            "env": env
            if env is not None
            else [
                {"name": "POD_NAME", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}},
                {
                    "name": "POD_NAMESPACE",
                    "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"}},
                },
                {"name": "LOG_LEVEL", "value": "info"},
                {"name": "OTEL_EXPORTER_OTLP_ENDPOINT", "value": "http://otel-collector.observability:4317"},
            ],
            "resources": {"limits": limits, "requests": requests},
            "volumeMounts": [
                {"name": "config", "mountPath": "/etc/app", "readOnly": True},
                {
                    "name": "kube-api-access",
                    "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount",
                    "readOnly": True,
                },
            ],
            "terminationMessagePath": "/dev/termination-log",
            "terminationMessagePolicy": "File",
            "securityContext": {
                "allowPrivilegeEscalation": False,
                "readOnlyRootFilesystem": True,
                "runAsNonRoot": True,
            },
        }
        if port:
            container["ports"] = [{"name": "http", "containerPort": port, "protocol": "TCP"}]
            container["readinessProbe"] = {
                "httpGet": {"path": "/healthz", "port": port, "scheme": "HTTP"},
                "periodSeconds": 10,
                "timeoutSeconds": 1,
                "successThreshold": 1,
                "failureThreshold": 3,
            }
            container["livenessProbe"] = {
                "httpGet": {"path": "/livez", "port": port, "scheme": "HTTP"},
                "initialDelaySeconds": 15,
                "periodSeconds": 20,
                "timeoutSeconds": 1,
                "failureThreshold": 3,
            }
        return container

    def pod_spec(self, containers: list[dict], *, config: str, extra_volumes: list | None = None, **fields) -> dict:
        return {
            "containers": containers,
            "volumes": [
                {"name": "config", "configMap": {"name": config, "defaultMode": 420}},
                {
                    "name": "kube-api-access",
                    "projected": {
                        "defaultMode": 420,
                        "sources": [
                            {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                            {"configMap": {"name": "kube-root-ca.crt", "items": [{"key": "ca.crt", "path": "ca.crt"}]}},
                            {
                                "downwardAPI": {
                                    "items": [
                                        {
                                            "path": "namespace",
                                            "fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"},
                                        }
                                    ]
                                }
                            },
                        ],
                    },
                },
                *(extra_volumes or []),
            ],
            "restartPolicy": "Always",
            "terminationGracePeriodSeconds": 30,
            "dnsPolicy": "ClusterFirst",
            "serviceAccountName": "default",
            "schedulerName": "default-scheduler",
            "securityContext": {"fsGroup": 2000, "seccompProfile": {"type": "RuntimeDefault"}},
            "enableServiceLinks": False,
            "priority": 0,
            **fields,
        }

    # -- nodes -----------------------------------------------------------------------------------
    def node(self, index: int, gpu: bool) -> dict:
        name = f"ip-10-{index // 250}-{index % 250}-{self.rng.randrange(1, 250)}.ec2.internal"
        zone = ZONES[index % len(ZONES)]
        pool = "gpu-h100" if gpu else "general"
        labels = {
            "beta.kubernetes.io/arch": "amd64",
            "beta.kubernetes.io/os": "linux",
            "kubernetes.io/arch": "amd64",
            "kubernetes.io/os": "linux",
            "kubernetes.io/hostname": name,
            "node.kubernetes.io/instance-type": "p5.48xlarge" if gpu else "m6i.8xlarge",
            "topology.kubernetes.io/region": "us-east-1",
            "topology.kubernetes.io/zone": zone,
            "failure-domain.beta.kubernetes.io/region": "us-east-1",
            "failure-domain.beta.kubernetes.io/zone": zone,
            "node-pool": pool,
        }
        if gpu:
            labels.update(
                {
                    "nvidia.com/gpu.present": "true",
                    "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
                    "nvidia.com/gpu.count": "8",
                }
            )
        capacity = {
            "cpu": "192" if gpu else "32",
            "memory": "2097152000Ki" if gpu else "130023424Ki",
            "ephemeral-storage": "976284628Ki",
            "hugepages-1Gi": "0",
            "hugepages-2Mi": "0",
            "pods": "110",
        }
        if gpu:
            capacity.update({"nvidia.com/gpu": "8", "rdma/rdma_shared_device_a": "63"})
        allocatable = {
            **capacity,
            "cpu": "191450m" if gpu else "31850m",
            "memory": "2090000000Ki" if gpu else "126253056Ki",
        }
        images = [
            {"names": [f"{image}@sha256:{self.hex(64)}", image], "sizeBytes": self.rng.randrange(10**7, 5 * 10**9)}
            for image in [d[1] for d in DAEMONSETS]
            + [
                f"registry.example.com/{t}/{a}:v{self.rng.randrange(1, 9)}.{self.rng.randrange(30)}.0"
                for t in TEAMS[:3]
                for a in APPS[:6]
            ]
        ]
        conditions = [
            {
                "type": kind,
                "status": "False",
                "reason": reason,
                "message": message,
                "lastHeartbeatTime": self.started(),
                "lastTransitionTime": self.stamp(),
            }
            for kind, reason, message in (
                ("MemoryPressure", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
                ("DiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
                ("PIDPressure", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
            )
        ] + [
            {
                "type": "Ready",
                "status": "True",
                "reason": "KubeletReady",
                "message": "kubelet is posting ready status",
                "lastHeartbeatTime": self.started(),
                "lastTransitionTime": self.stamp(),
            }
        ]
        obj = {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": self.metadata(
                name,
                None,
                labels,
                managers=("kubelet", "kube-controller-manager", "aws-cloud-controller-manager"),
                annotations={
                    "alpha.kubernetes.io/provided-node-ip": f"10.{index // 250}.{index % 250}.7",
                    "node.alpha.kubernetes.io/ttl": "0",
                    "volumes.kubernetes.io/controller-managed-attach-detach": "true",
                },
            ),
            "spec": {
                "providerID": f"aws:///{zone}/i-{self.hex(17)}",
                "podCIDR": f"10.{100 + index // 250}.{index % 250}.0/24",
            },
            "status": {
                "capacity": capacity,
                "allocatable": allocatable,
                "conditions": conditions,
                "addresses": [
                    {"type": "InternalIP", "address": f"10.{index // 250}.{index % 250}.7"},
                    {"type": "Hostname", "address": name},
                ],
                "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
                "nodeInfo": {
                    "machineID": self.hex(32),
                    "systemUUID": self.uid(),
                    "bootID": self.uid(),
                    "kernelVersion": "6.5.0-1018-aws",
                    "osImage": OS_IMAGE,
                    "containerRuntimeVersion": "containerd://1.7.12",
                    "kubeletVersion": "v1.29.4",
                    "kubeProxyVersion": "v1.29.4",
                    "operatingSystem": "linux",
                    "architecture": "amd64",
                },
                "images": images,
            },
        }
        if gpu:
            obj["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
        return obj

    # -- pods ------------------------------------------------------------------------------------
    def pod(self, owner: dict, suffix: str, node: dict, template: dict) -> dict:
        ns = owner["metadata"].get("namespace")
        spec = {
            **template["spec"],
            "nodeName": node["metadata"]["name"],
            "serviceAccount": template["spec"].get("serviceAccountName", "default"),
            "tolerations": [
                *template["spec"].get("tolerations", []),
                {
                    "key": "node.kubernetes.io/not-ready",
                    "operator": "Exists",
                    "effect": "NoExecute",
                    "tolerationSeconds": 300,
                },
                {
                    "key": "node.kubernetes.io/unreachable",
                    "operator": "Exists",
                    "effect": "NoExecute",
                    "tolerationSeconds": 300,
                },
            ],
        }
        labels = dict(template["metadata"]["labels"])
        statuses = [
            {
                "name": c["name"],
                "image": c["image"],
                "imageID": f"{c['image'].split(':')[0]}@sha256:{self.hex(64)}",
                "containerID": f"containerd://{self.hex(64)}",
                "ready": True,
                "started": True,
                "restartCount": self.rng.choice((0, 0, 0, 1, 3)),
                "state": {"running": {"startedAt": self.started()}},
                "lastState": {},
            }
            for c in spec["containers"]
        ]
        ip = f"10.{100 + self.rng.randrange(150)}.{self.rng.randrange(250)}.{self.rng.randrange(250)}"
        return {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": self.metadata(
                f"{owner['metadata']['name']}-{suffix}",
                ns,
                labels,
                owner,
                managers=("kube-controller-manager", "kubelet"),
                annotations=dict(template["metadata"].get("annotations", {})),
            ),
            "spec": spec,
            "status": {
                "phase": "Running",
                "qosClass": "Guaranteed",
                "hostIP": node["status"]["addresses"][0]["address"],
                "podIP": ip,
                "podIPs": [{"ip": ip}],
                "startTime": self.started(),
                "conditions": [
                    {"type": t, "status": "True", "lastProbeTime": None, "lastTransitionTime": self.started()}
                    for t in ("PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled")
                ],
                "containerStatuses": statuses,
            },
        }

    def template(self, labels: dict, containers: list[dict], config: str, **spec) -> dict:
        return {
            "metadata": {
                "labels": labels,
                "annotations": {"prometheus.io/scrape": "true", "prometheus.io/port": "9090"},
            },
            "spec": self.pod_spec(containers, config=config, **spec),
        }

    def add(self, obj: dict) -> dict:
        self.items.append(obj)
        return obj


def _suffix(builder: Builder) -> str:
    return builder.hex(5)


def generate(shape: Shape) -> list[dict]:
    """Every object of the cluster, in the order ``kubectl get`` would list them (by kind)."""
    b = Builder(shape)
    gpu_count = max(1, int(shape.nodes * shape.gpu_fraction)) if shape.gpu_fraction else 0
    nodes = [b.add(b.node(i, i < gpu_count)) for i in range(shape.nodes)]
    gpu_nodes, cpu_nodes = nodes[:gpu_count], nodes[gpu_count:]
    namespaces = ["kube-system"] + [f"{TEAMS[i % len(TEAMS)]}-{i // len(TEAMS)}" for i in range(shape.namespaces)]
    for ns in namespaces:
        b.add(
            {
                "apiVersion": "v1",
                "kind": "Namespace",
                "metadata": b.metadata(ns, None, {"kubernetes.io/metadata.name": ns}),
                "spec": {"finalizers": ["kubernetes"]},
                "status": {"phase": "Active"},
            }
        )
    for ns in namespaces:
        for index in range(shape.configmaps_per_namespace):
            data = {"app.yaml": "\n".join(f"key{k}: value-{b.hex(8)}" for k in range(12)), "LOG_FORMAT": "json"}
            b.add(
                {
                    "apiVersion": "v1",
                    "kind": "ConfigMap",
                    "metadata": b.metadata(f"config-{index}", ns, {"app.kubernetes.io/part-of": ns}),
                    "data": data,
                }
            )
    b.add(
        {
            "apiVersion": "storage.k8s.io/v1",
            "kind": "StorageClass",
            "metadata": b.metadata(
                "gp3", None, {}, annotations={"storageclass.kubernetes.io/is-default-class": "true"}
            ),
            "provisioner": "ebs.csi.aws.com",
            "reclaimPolicy": "Delete",
            "volumeBindingMode": "WaitForFirstConsumer",
        }
    )
    b.add(
        {
            "apiVersion": "storage.k8s.io/v1",
            "kind": "StorageClass",
            "metadata": b.metadata("local-nvme", None, {}),
            "provisioner": "kubernetes.io/no-provisioner",
            "reclaimPolicy": "Retain",
            "volumeBindingMode": "WaitForFirstConsumer",
        }
    )

    remaining = shape.pods
    for ds_name, image, gpu_only in DAEMONSETS:
        targets = gpu_nodes if gpu_only else nodes
        labels = {"app.kubernetes.io/name": ds_name, "app.kubernetes.io/instance": ds_name}
        spec_extra = (
            {
                "nodeSelector": {"nvidia.com/gpu.present": "true"},
                "tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
            }
            if gpu_only
            else {"tolerations": [{"operator": "Exists"}], "hostNetwork": True}
        )
        template = b.template(
            labels,
            [b.container(ds_name, image, "200m", "256Mi", port=9100)],
            f"{ds_name}-config",
            priorityClassName="system-node-critical",
            **spec_extra,
        )
        ds = b.add(
            {
                "apiVersion": "apps/v1",
                "kind": "DaemonSet",
                "metadata": b.metadata(ds_name, "kube-system", labels),
                "spec": {
                    "selector": {"matchLabels": labels},
                    "template": template,
                    "revisionHistoryLimit": 10,
                    "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 1, "maxSurge": 0}},
                },
                "status": {
                    "currentNumberScheduled": len(targets),
                    "desiredNumberScheduled": len(targets),
                    "numberAvailable": len(targets),
                    "numberMisscheduled": 0,
                    "numberReady": len(targets),
                    "observedGeneration": 3,
                    "updatedNumberScheduled": len(targets),
                },
            }
        )
        for node in targets:
            b.add(b.pod(ds, _suffix(b), node, template))
        remaining -= len(targets)

    # Training: one PyTorchJob per 16 GPU nodes, one 8-GPU worker per node; half set the NCCL knobs.
    for index in range(0, gpu_count, 16):
        group = gpu_nodes[index : index + 16]
        ns = namespaces[1 + (index // 16) % shape.namespaces] if shape.namespaces else "kube-system"
        env = [{"name": "NCCL_IB_HCA", "value": "mlx5"}, {"name": "NCCL_DEBUG", "value": "WARN"}]
        if (index // 16) % 2:
            env += [{"name": "NCCL_IB_TIMEOUT", "value": "22"}, {"name": "NCCL_IB_RETRY_CNT", "value": "13"}]
        name = f"llm-pretrain-{index // 16}"
        labels = {"training.kubeflow.org/job-name": name, "training.kubeflow.org/replica-type": "worker"}
        template = b.template(
            labels,
            [b.container("pytorch", "nvcr.io/nvidia/pytorch:24.05-py3", "180", "1800Gi", gpus=8, env=env, port=None)],
            "nccl-config",
            tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
            restartPolicy="OnFailure",
        )
        job = b.add(
            {
                "apiVersion": "kubeflow.org/v1",
                "kind": "PyTorchJob",
                "metadata": b.metadata(name, ns, {"team": "ml-platform"}),
                "spec": {
                    "runPolicy": {"cleanPodPolicy": "None"},
                    "pytorchReplicaSpecs": {
                        "Worker": {"replicas": len(group), "restartPolicy": "OnFailure", "template": template}
                    },
                },
                "status": {
                    "conditions": [
                        {
                            "type": "Running",
                            "status": "True",
                            "reason": "PyTorchJobRunning",
                            "lastTransitionTime": b.started(),
                        }
                    ],
                    "replicaStatuses": {"Worker": {"active": len(group)}},
                    "startTime": b.started(),
                },
            }
        )
        for rank, node in enumerate(group):
            b.add(b.pod(job, f"worker-{rank}", node, template))
        remaining -= len(group)

    # Services: Deployments (3/4 of the pods), StatefulSets, Jobs, spread round-robin over namespaces.
    tenant = namespaces[1:] or namespaces
    serial = 0
    while remaining > 0:
        ns = tenant[serial % len(tenant)]
        app = f"{APPS[serial % len(APPS)]}-{serial}"
        roll = serial % 20
        replicas = min(remaining, b.rng.choice((2, 3, 3, 4, 6, 8, 12)))
        labels = {
            "app.kubernetes.io/name": app,
            "app.kubernetes.io/part-of": ns,
            "app.kubernetes.io/version": f"1.{serial % 7}.0",
        }
        image = f"registry.example.com/{ns}/{app}:v1.{serial % 30}.0"
        template = b.template(
            {"app.kubernetes.io/name": app, "app.kubernetes.io/part-of": ns},
            [b.container("main", image, "500m", "1Gi")],
            f"config-{serial % max(shape.configmaps_per_namespace, 1)}",
        )
        placed = [cpu_nodes[b.rng.randrange(len(cpu_nodes))] if cpu_nodes else nodes[0] for _ in range(replicas)]
        if roll < 15:
            owner = _deployment(b, app, ns, labels, template, replicas)
        elif roll < 19:
            owner = _statefulset(b, app, ns, labels, template, replicas, local=serial % 3 == 0)
        else:
            owner = _job(b, app, ns, labels, template, replicas)
        for position, node in enumerate(placed):
            b.add(b.pod(owner, str(position) if owner["kind"] == "StatefulSet" else _suffix(b), node, template))
        if owner["kind"] != "Job":
            _service(b, app, ns, template["metadata"]["labels"], owner, placed)
        remaining -= replicas
        serial += 1
    return b.items


def _deployment(b: Builder, app: str, ns: str, labels: dict, template: dict, replicas: int) -> dict:
    selector = {"matchLabels": template["metadata"]["labels"]}
    deploy = b.add(
        {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": b.metadata(app, ns, labels, annotations={"deployment.kubernetes.io/revision": "7"}),
            "spec": {
                "replicas": replicas,
                "selector": selector,
                "template": template,
                "revisionHistoryLimit": 10,
                "progressDeadlineSeconds": 600,
                "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}},
            },
            "status": {
                "replicas": replicas,
                "readyReplicas": replicas,
                "availableReplicas": replicas,
                "updatedReplicas": replicas,
                "observedGeneration": 7,
                "conditions": [
                    {
                        "type": t,
                        "status": "True",
                        "reason": r,
                        "message": m,
                        "lastUpdateTime": b.started(),
                        "lastTransitionTime": b.stamp(),
                    }
                    for t, r, m in (
                        ("Available", "MinimumReplicasAvailable", "Deployment has minimum availability."),
                        (
                            "Progressing",
                            "NewReplicaSetAvailable",
                            f'ReplicaSet "{app}-{b.hex(10)}" has successfully progressed.',
                        ),
                    )
                ],
            },
        }
    )
    current = None
    for count in (0, replicas):  # the previous revision, scaled to zero, then the current one
        rs_labels = {**template["metadata"]["labels"], "pod-template-hash": b.hex(10)}
        rs = b.add(
            {
                "apiVersion": "apps/v1",
                "kind": "ReplicaSet",
                "metadata": b.metadata(
                    f"{app}-{rs_labels['pod-template-hash']}",
                    ns,
                    rs_labels,
                    deploy,
                    annotations={
                        "deployment.kubernetes.io/desired-replicas": str(replicas),
                        "deployment.kubernetes.io/max-replicas": str(replicas + 1),
                        "deployment.kubernetes.io/revision": "7" if count else "6",
                    },
                ),
                "spec": {
                    "replicas": count,
                    "selector": {"matchLabels": rs_labels},
                    "template": {**template, "metadata": {**template["metadata"], "labels": rs_labels}},
                },
                "status": {
                    "replicas": count,
                    "readyReplicas": count,
                    "availableReplicas": count,
                    "fullyLabeledReplicas": count,
                    "observedGeneration": 3,
                },
            }
        )
        current = rs
    if replicas >= 3:
        _pdb(b, app, ns, selector)
    if replicas >= 6:
        b.add(
            {
                "apiVersion": "autoscaling/v2",
                "kind": "HorizontalPodAutoscaler",
                "metadata": b.metadata(app, ns, labels),
                "spec": {
                    "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": app},
                    "minReplicas": replicas,
                    "maxReplicas": replicas * 3,
                    "metrics": [
                        {
                            "type": "Resource",
                            "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}},
                        }
                    ],
                },
                "status": {
                    "currentReplicas": replicas,
                    "desiredReplicas": replicas,
                    "lastScaleTime": b.started(),
                    "currentMetrics": [
                        {
                            "type": "Resource",
                            "resource": {"name": "cpu", "current": {"averageUtilization": 41, "averageValue": "205m"}},
                        }
                    ],
                    "conditions": [
                        {
                            "type": "AbleToScale",
                            "status": "True",
                            "reason": "ReadyForNewScale",
                            "lastTransitionTime": b.stamp(),
                        },
                        {
                            "type": "ScalingActive",
                            "status": "True",
                            "reason": "ValidMetricFound",
                            "lastTransitionTime": b.stamp(),
                        },
                    ],
                },
            }
        )
    return current


def _statefulset(b: Builder, app: str, ns: str, labels: dict, template: dict, replicas: int, *, local: bool) -> dict:
    storage_class = "local-nvme" if local else "gp3"
    template = {
        **template,
        "spec": {
            **template["spec"],
            "containers": [
                {**c, "volumeMounts": [*c["volumeMounts"], {"name": "data", "mountPath": "/data"}]}
                for c in template["spec"]["containers"]
            ],
        },
    }
    sts = b.add(
        {
            "apiVersion": "apps/v1",
            "kind": "StatefulSet",
            "metadata": b.metadata(app, ns, labels),
            "spec": {
                "replicas": replicas,
                "serviceName": app,
                "podManagementPolicy": "OrderedReady",
                "selector": {"matchLabels": template["metadata"]["labels"]},
                "template": template,
                "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"partition": 0}},
                "volumeClaimTemplates": [
                    {
                        "apiVersion": "v1",
                        "kind": "PersistentVolumeClaim",
                        "metadata": {"name": "data"},
                        "spec": {
                            "accessModes": ["ReadWriteOnce"],
                            "storageClassName": storage_class,
                            "resources": {"requests": {"storage": "100Gi"}},
                            "volumeMode": "Filesystem",
                        },
                    }
                ],
            },
            "status": {
                "replicas": replicas,
                "readyReplicas": replicas,
                "currentReplicas": replicas,
                "updatedReplicas": replicas,
                "availableReplicas": replicas,
                "currentRevision": f"{app}-{b.hex(10)}",
                "updateRevision": f"{app}-{b.hex(10)}",
                "observedGeneration": 4,
                "collisionCount": 0,
            },
        }
    )
    for ordinal in range(replicas):
        claim, volume = f"data-{app}-{ordinal}", f"pvc-{b.uid()}"
        source = (
            {"local": {"path": f"/mnt/nvme/{volume}"}}
            if local
            else {"csi": {"driver": "ebs.csi.aws.com", "volumeHandle": f"vol-{b.hex(17)}", "fsType": "ext4"}}
        )
        b.add(
            {
                "apiVersion": "v1",
                "kind": "PersistentVolume",
                "metadata": b.metadata(volume, None, {}),
                "spec": {
                    "capacity": {"storage": "100Gi"},
                    "accessModes": ["ReadWriteOnce"],
                    "persistentVolumeReclaimPolicy": "Delete",
                    "storageClassName": storage_class,
                    "claimRef": {"kind": "PersistentVolumeClaim", "namespace": ns, "name": claim},
                    "volumeMode": "Filesystem",
                    **source,
                },
                "status": {"phase": "Bound"},
            }
        )
        b.add(
            {
                "apiVersion": "v1",
                "kind": "PersistentVolumeClaim",
                "metadata": b.metadata(claim, ns, dict(template["metadata"]["labels"])),
                "spec": {
                    "accessModes": ["ReadWriteOnce"],
                    "storageClassName": storage_class,
                    "resources": {"requests": {"storage": "100Gi"}},
                    "volumeName": volume,
                    "volumeMode": "Filesystem",
                },
                "status": {"phase": "Bound", "accessModes": ["ReadWriteOnce"], "capacity": {"storage": "100Gi"}},
            }
        )
    _pdb(b, app, ns, {"matchLabels": template["metadata"]["labels"]})
    return sts


def _job(b: Builder, app: str, ns: str, labels: dict, template: dict, replicas: int) -> dict:
    template = {**template, "spec": {**template["spec"], "restartPolicy": "Never"}}
    return b.add(
        {
            "apiVersion": "batch/v1",
            "kind": "Job",
            "metadata": b.metadata(app, ns, labels),
            "spec": {
                "parallelism": replicas,
                "completions": replicas * 4,
                "backoffLimit": 6,
                "completionMode": "NonIndexed",
                "suspend": False,
                "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": b.uid()}},
                "template": template,
            },
            "status": {"active": replicas, "startTime": b.started(), "ready": replicas, "uncountedTerminatedPods": {}},
        }
    )


def _pdb(b: Builder, app: str, ns: str, selector: dict) -> None:
    b.add(
        {
            "apiVersion": "policy/v1",
            "kind": "PodDisruptionBudget",
            "metadata": b.metadata(app, ns, {"app.kubernetes.io/name": app}),
            "spec": {"maxUnavailable": 1, "selector": selector},
            "status": {
                "currentHealthy": 3,
                "desiredHealthy": 2,
                "disruptionsAllowed": 1,
                "expectedPods": 3,
                "observedGeneration": 1,
                "conditions": [
                    {
                        "type": "DisruptionAllowed",
                        "status": "True",
                        "reason": "SufficientPods",
                        "observedGeneration": 1,
                        "lastTransitionTime": b.stamp(),
                    }
                ],
            },
        }
    )


def _service(b: Builder, app: str, ns: str, selector: dict, owner: dict, placed: list[dict]) -> None:
    ip = f"172.20.{b.rng.randrange(250)}.{b.rng.randrange(250)}"
    b.add(
        {
            "apiVersion": "v1",
            "kind": "Service",
            "metadata": b.metadata(app, ns, dict(selector)),
            "spec": {
                "type": "ClusterIP",
                "selector": selector,
                "clusterIP": ip,
                "clusterIPs": [ip],
                "ipFamilies": ["IPv4"],
                "ipFamilyPolicy": "SingleStack",
                "ports": [{"name": "http", "port": 80, "targetPort": "http", "protocol": "TCP"}],
                "sessionAffinity": "None",
                "internalTrafficPolicy": "Cluster",
            },
            "status": {"loadBalancer": {}},
        }
    )
    b.add(
        {
            "apiVersion": "discovery.k8s.io/v1",
            "kind": "EndpointSlice",
            "metadata": b.metadata(
                f"{app}-{b.hex(5)}",
                ns,
                {
                    "kubernetes.io/service-name": app,
                    "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
                },
            ),
            "addressType": "IPv4",
            "ports": [{"name": "http", "port": 8080, "protocol": "TCP"}],
            "endpoints": [
                {
                    "addresses": [f"10.{100 + b.rng.randrange(150)}.{b.rng.randrange(250)}.{b.rng.randrange(250)}"],
                    "nodeName": node["metadata"]["name"],
                    "zone": node["metadata"]["labels"]["topology.kubernetes.io/zone"],
                    "conditions": {"ready": True, "serving": True, "terminating": False},
                    "targetRef": {"kind": "Pod", "namespace": ns, "name": f"{app}-{position}"},
                }
                for position, node in enumerate(placed)
            ],
        }
    )


COLLECTED = (
    "Node",
    "Namespace",
    "ConfigMap",
    "StorageClass",
    "DaemonSet",
    "Pod",
    "PyTorchJob",
    "Deployment",
    "ReplicaSet",
    "StatefulSet",
    "Job",
    "PersistentVolume",
    "PersistentVolumeClaim",
    "PodDisruptionBudget",
    "HorizontalPodAutoscaler",
    "Service",
    "EndpointSlice",
)


def document(shape: Shape, *, as_list: bool = False, name: str | None = None) -> dict:
    """The whole cluster as one kubegap snapshot (of the cluster ``name``), or as a ``kind: List``."""
    items = generate(shape)
    if as_list:
        return {"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""}, "items": items}
    return {
        "apiVersion": "kubegap.io/v1",
        "kind": "Snapshot",
        "cluster": {"name": name or f"bench-{shape.nodes}n-{shape.pods}p", "version": "v1.29.4"},
        "collected": sorted(COLLECTED),
        "forbidden": {"Secret": "list secrets"},
        "absent": [],
        "items": items,
    }


def write(shape: Shape, path: Path, *, as_list: bool = False, name: str | None = None) -> Path:
    data = orjson.dumps(document(shape, as_list=as_list, name=name))
    if path.suffix == ".gz":
        data = gzip.compress(data, compresslevel=6, mtime=0)
    path.write_bytes(data)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=Shape.nodes)
    parser.add_argument("--pods-per-node", type=int, default=Shape.pods_per_node)
    parser.add_argument("--namespaces", type=int, default=Shape.namespaces)
    parser.add_argument("--gpu-fraction", type=float, default=Shape.gpu_fraction)
    parser.add_argument("--seed", type=int, default=Shape.seed)
    parser.add_argument("--name", help="the snapshot's cluster name (default: bench-<nodes>n-<pods>p)")
    parser.add_argument("--list", action="store_true", help="write a kind: List instead of a kubegap snapshot")
    parser.add_argument(
        "-o", "--output", type=Path, required=True, help="where to write (.json, or .json.gz to compress)"
    )
    args = parser.parse_args()
    shape = Shape(args.nodes, args.pods_per_node, args.namespaces, args.gpu_fraction, seed=args.seed)
    path = write(shape, args.output, as_list=args.list, name=args.name)
    print(f"{path}: {path.stat().st_size / 2**20:.1f} MiB, {shape.nodes} nodes, {shape.pods} pods")


if __name__ == "__main__":
    main()
