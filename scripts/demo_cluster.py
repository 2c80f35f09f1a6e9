"""Write the embedded demo cluster, ``src/kubegap/demo/cluster.json``, from the description below.

The demo is a kubegap snapshot of a small EKS-like cluster: a shop (frontend, checkout), a Postgres
database on a local NVMe volume, Prometheus, and a four-node PyTorch fine-tuning job on two GPU
nodes, all on Cilium and Ubuntu 22.04 nodes. Its gaps are the founding cases' (an unattended OS
update path with systemd-networkd and Cilium; NCCL left at its default timeouts on RDMA) and a few
everyday ones. Controllers' ReplicaSets and Pods, statuses, service accounts and uids are derived
here, so an edit to a workload is one edit. A test keeps the committed file equal to this output:

    python scripts/demo_cluster.py            # rewrite the file
    python scripts/demo_cluster.py --check    # exit 1 when the file differs from the description
"""

from __future__ import annotations

import copy
import hashlib
import json
import sys
from pathlib import Path

OUTPUT = Path(__file__).resolve().parent.parent / "src" / "kubegap" / "demo" / "cluster.json"
CREATED = "2026-11-20T09:14:03Z"
NODES_SINCE = "2026-11-01T08:00:00Z"
RESOURCE_VERSION = "48213"
REGION = "eu-west-1"
KUBERNETES = "v1.35.2"
OS_IMAGE = "Ubuntu 22.04.3 LTS"
KERNEL = "6.2.0-1017-aws"

CLUSTER = {
    "name": "demo-eu-west-1",
    "version": KUBERNETES,
    "description": "Embedded demo: a small shop, a Postgres database and a GPU fine-tuning job on Cilium and Ubuntu 22.04 nodes.",
}
# What the snapshot says it listed (complete, even when empty) and what the cluster does not serve.
COLLECTED = (
    "ConfigMap",
    "CronJob",
    "DaemonSet",
    "Deployment",
    "HorizontalPodAutoscaler",
    "Ingress",
    "Job",
    "MutatingWebhookConfiguration",
    "Namespace",
    "NetworkPolicy",
    "Node",
    "PersistentVolume",
    "PersistentVolumeClaim",
    "Pod",
    "PodDisruptionBudget",
    "PriorityClass",
    "PyTorchJob",
    "ReplicaSet",
    "Service",
    "ServiceAccount",
    "StatefulSet",
    "StorageClass",
    "ValidatingWebhookConfiguration",
)
ABSENT = (
    "Backup",
    "BackupConfiguration",
    "MPIJob",
    "MachineConfigPool",
    "Plan",
    "RecurringJob",
    "ReplicationSource",
    "Schedule",
    "ScheduledBackup",
    "VolumeSnapshot",
)


def uid(*parts: str) -> str:
    digest = hashlib.sha256("/".join(parts).encode()).hexdigest()
    return f"{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"


def meta(kind: str, name: str, namespace: str | None = None, **extra) -> dict:
    found = {
        "name": name,
        "uid": uid(kind, namespace or "", name),
        "creationTimestamp": CREATED,
        "resourceVersion": RESOURCE_VERSION,
    }
    if namespace:
        found["namespace"] = namespace
    found.update({k: v for k, v in extra.items() if v})
    return found


def obj(
    api_version: str, kind: str, name: str, namespace: str | None = None, *, labels=None, annotations=None, **body
) -> dict:
    return {
        "apiVersion": api_version,
        "kind": kind,
        "metadata": meta(kind, name, namespace, labels=labels, annotations=annotations),
        **body,
    }


# -- nodes ----------------------------------------------------------------------------------------


def _condition(kind: str, status: str, reason: str, message: str | None = None) -> dict:
    found = {"type": kind, "status": status, "reason": reason}
    if message:
        found["message"] = message
    return {**found, "lastHeartbeatTime": CREATED, "lastTransitionTime": NODES_SINCE}


NODE_CONDITIONS = [
    _condition("MemoryPressure", "False", "KubeletHasSufficientMemory"),
    _condition("DiskPressure", "False", "KubeletHasSufficientDisk"),
    _condition("PIDPressure", "False", "KubeletHasSufficientPID"),
    _condition("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
]


def node(ip: str, zone: str, instance_id: str, pool: str) -> dict:
    name = f"ip-{ip.replace('.', '-')}.{REGION}.compute.internal"
    labels = {
        "kubernetes.io/hostname": name,
        "kubernetes.io/os": "linux",
        "kubernetes.io/arch": "amd64",
        "node.kubernetes.io/instance-type": "m6i.2xlarge" if pool == "general" else "p4d.24xlarge",
        "topology.kubernetes.io/zone": zone,
        "topology.kubernetes.io/region": REGION,
        "node-pool": pool,
    }
    spec = {"providerID": f"aws:///{zone}/{instance_id}"}
    node_info = {
        "osImage": OS_IMAGE,
        "kernelVersion": KERNEL,
        "containerRuntimeVersion": "containerd://1.7.2",
        "kubeletVersion": KUBERNETES,
        "kubeProxyVersion": KUBERNETES,
        "operatingSystem": "linux",
        "architecture": "amd64",
    }
    if pool == "general":
        capacity = {"cpu": "8", "memory": "32386432Ki", "pods": "58", "ephemeral-storage": "104845292Ki"}
        allocatable = {"cpu": "7910m", "memory": "31369600Ki", "pods": "58", "ephemeral-storage": "95551679124"}
        addresses = [{"type": "InternalIP", "address": ip}, {"type": "Hostname", "address": name}]
    else:
        labels |= {
            "nvidia.com/gpu.present": "true",
            "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-40GB",
            "nvidia.com/gpu.count": "8",
        }
        spec["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
        gpu = {"nvidia.com/gpu": "8", "rdma/rdma_shared_device_a": "63"}
        capacity = {"cpu": "96", "memory": "1176812660Ki", "pods": "110", **gpu}
        allocatable = {"cpu": "95690m", "memory": "1165241460Ki", "pods": "110", **gpu}
        addresses = [{"type": "InternalIP", "address": ip}]
    status = {
        "capacity": capacity,
        "allocatable": allocatable,
        "conditions": copy.deepcopy(NODE_CONDITIONS),
        "addresses": addresses,
        "nodeInfo": node_info,
    }
    return obj("v1", "Node", name, labels=labels, spec=spec, status=status)


NODES = [
    node("10.0.11.40", "eu-west-1a", "i-004f9c2a1b7d3e5f6", "general"),
    node("10.0.27.41", "eu-west-1b", "i-014f9c2a1b7d3e5f6", "general"),
    node("10.0.43.42", "eu-west-1c", "i-024f9c2a1b7d3e5f6", "general"),
    node("10.0.64.20", "eu-west-1a", "i-009a8b7c6d5e4f3a2", "gpu"),
    node("10.0.65.21", "eu-west-1a", "i-019a8b7c6d5e4f3a2", "gpu"),
]
GENERAL = [n for n in NODES if n["metadata"]["labels"]["node-pool"] == "general"]


def _ip(n: dict) -> str:
    return n["status"]["addresses"][0]["address"]


# -- pod templates and the pods controllers run ---------------------------------------------------

CONTAINER_DEFAULTS = {
    "imagePullPolicy": "IfNotPresent",
    "terminationMessagePath": "/dev/termination-log",
    "terminationMessagePolicy": "File",
}
POD_DEFAULTS = {
    "restartPolicy": "Always",
    "terminationGracePeriodSeconds": 30,
    "dnsPolicy": "ClusterFirst",
    "schedulerName": "default-scheduler",
    "securityContext": {},
}


def container(name: str, image: str, **fields) -> dict:
    """A container as the API server returns it: the fields given, with the server's defaults after the image."""
    found = {"name": name, "image": image}
    found.update(CONTAINER_DEFAULTS)
    found.update(fields)
    return found


def template(labels: dict, *containers: dict, **spec) -> dict:
    return {"metadata": {"labels": labels}, "spec": {"containers": list(containers), **POD_DEFAULTS, **spec}}


def _qos(containers: list[dict]) -> str:
    resources = [c.get("resources", {}) for c in containers]
    guaranteed = all(r.get("limits") and r.get("requests") == r.get("limits") for r in resources)
    return "Guaranteed" if guaranteed else "Burstable" if any(r for r in resources) else "BestEffort"


def pod(name: str, namespace: str, pod_template: dict, owner: dict, on: dict, pod_ip: str, extra_labels=None) -> dict:
    spec = copy.deepcopy(pod_template["spec"])
    spec["nodeName"] = on["metadata"]["name"]
    labels = {**pod_template["metadata"]["labels"], **(extra_labels or {})}
    status = {
        "phase": "Running",
        "podIP": pod_ip,
        "hostIP": _ip(on),
        "startTime": CREATED,
        "qosClass": _qos(spec["containers"]),
        "conditions": [
            {"type": kind, "status": "True"} for kind in ("Initialized", "Ready", "ContainersReady", "PodScheduled")
        ],
        "containerStatuses": [
            {
                "name": c["name"],
                "ready": True,
                "restartCount": 0,
                "image": c["image"],
                "started": True,
                "state": {"running": {"startedAt": CREATED}},
            }
            for c in spec["containers"]
        ],
    }
    found = obj("v1", "Pod", name, namespace, labels=labels, spec=spec, status=status)
    found["metadata"]["ownerReferences"] = [
        {
            "apiVersion": owner["apiVersion"],
            "kind": owner["kind"],
            "name": owner["metadata"]["name"],
            "uid": owner["metadata"]["uid"],
            "controller": True,
            "blockOwnerDeletion": True,
        }
    ]
    return found


def _hash(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()[:10]


def deployment(
    name: str,
    namespace: str,
    labels: dict,
    replicas: int,
    pod_template: dict,
    *,
    nodes: list[dict] = (),
    pod_ips: list[str] = (),
    selector: dict | None = None,
) -> list[dict]:
    """A Deployment, its ReplicaSet and the pods it runs on ``nodes`` (none listed when empty)."""
    selector = selector or pod_template["metadata"]["labels"]
    status = {
        "observedGeneration": 3,
        "replicas": replicas,
        "updatedReplicas": replicas,
        "readyReplicas": replicas,
        "availableReplicas": replicas,
        "conditions": [
            {"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable"},
            {"type": "Progressing", "status": "True", "reason": "NewReplicaSetAvailable"},
        ],
    }
    spec = {
        "replicas": replicas,
        "selector": {"matchLabels": selector},
        "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}},
        "revisionHistoryLimit": 10,
        "progressDeadlineSeconds": 600,
        "template": pod_template,
    }
    controller = obj("apps/v1", "Deployment", name, namespace, labels=labels, spec=spec, status=status)
    suffix = _hash(f"{namespace}/{name}")
    hashed = {"pod-template-hash": suffix}
    rs_template = copy.deepcopy(pod_template)
    rs_template["metadata"]["labels"] |= hashed
    replica_set = obj(
        "apps/v1",
        "ReplicaSet",
        f"{name}-{suffix}",
        namespace,
        labels={**selector, **hashed},
        spec={"replicas": replicas, "selector": {"matchLabels": {**selector, **hashed}}, "template": rs_template},
        status={"replicas": replicas, "readyReplicas": replicas, "availableReplicas": replicas},
    )
    replica_set["metadata"]["ownerReferences"] = [
        {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "name": name,
            "uid": controller["metadata"]["uid"],
            "controller": True,
            "blockOwnerDeletion": True,
        }
    ]
    pods = [
        pod(f"{name}-{suffix}-{_hash(f'{name}/{i}')[:5]}", namespace, rs_template, replica_set, on, ip)
        for i, (on, ip) in enumerate(zip(nodes, pod_ips, strict=True))
    ]
    return [controller, replica_set, *pods]


def daemonset(
    name: str,
    namespace: str,
    labels: dict,
    pod_template: dict,
    nodes: list[dict],
    pod_ips: list[str],
    max_unavailable: int,
) -> list[dict]:
    count = len(nodes)
    status = {
        "currentNumberScheduled": count,
        "desiredNumberScheduled": count,
        "numberAvailable": count,
        "numberReady": count,
        "updatedNumberScheduled": count,
        "numberMisscheduled": 0,
    }
    spec = {
        "selector": {"matchLabels": pod_template["metadata"]["labels"]},
        "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": max_unavailable}},
        "template": pod_template,
    }
    controller = obj("apps/v1", "DaemonSet", name, namespace, labels=labels, spec=spec, status=status)
    pods = [
        pod(f"{name}-{_hash(name + '/' + n['metadata']['name'])[:5]}", namespace, pod_template, controller, n, ip)
        for n, ip in zip(nodes, pod_ips, strict=True)
    ]
    return [controller, *pods]


def service(name: str, namespace: str, selector: dict, ports: list[dict], cluster_ip: str, labels: dict) -> dict:
    spec = {
        "selector": selector,
        "ports": ports,
        "type": "ClusterIP",
        "sessionAffinity": "None",
        "clusterIP": cluster_ip,
    }
    return obj("v1", "Service", name, namespace, labels=labels, spec=spec, status={"loadBalancer": {}})


def http_port(port: int, target: int) -> list[dict]:
    return [{"name": "http", "protocol": "TCP", "port": port, "targetPort": target}]


# -- the workloads ---------------------------------------------------------------------------------


def kube_system() -> list[dict]:
    cilium = template(
        {"k8s-app": "cilium"},
        container(
            "cilium-agent",
            "quay.io/cilium/cilium:v1.14.5@sha256:d3b287029755b6a47dee01420e2ea469469f1b174a2089c10af7e5e9289ef05b",
            command=["cilium-agent"],
            args=["--config-dir=/tmp/cilium/config-map"],
            resources={"requests": {"cpu": "100m", "memory": "512Mi"}},
            securityContext={"privileged": True},
            readinessProbe={
                "httpGet": {"host": "127.0.0.1", "path": "/healthz", "port": 9879, "scheme": "HTTP"},
                "periodSeconds": 30,
                "failureThreshold": 3,
                "timeoutSeconds": 5,
            },
        ),
        hostNetwork=True,
        serviceAccountName="cilium",
        priorityClassName="system-node-critical",
        tolerations=[{"operator": "Exists"}],
    )
    npd = template(
        {"app": "node-problem-detector"},
        container(
            "node-problem-detector",
            "registry.k8s.io/node-problem-detector/node-problem-detector:v0.8.19",
            command=["/node-problem-detector", "--config.system-log-monitor=/config/kernel-monitor.json"],
            resources={"requests": {"cpu": "20m", "memory": "64Mi"}, "limits": {"memory": "128Mi"}},
        ),
        nodeSelector={"node-pool": "general"},
        serviceAccountName="node-problem-detector",
    )
    coredns = template(
        {"k8s-app": "kube-dns"},
        container(
            "coredns",
            "registry.k8s.io/coredns/coredns:v1.11.1",
            args=["-conf", "/etc/coredns/Corefile"],
            resources={"requests": {"cpu": "100m", "memory": "70Mi"}, "limits": {"memory": "170Mi"}},
            ports=[
                {"name": "dns", "containerPort": 53, "protocol": "UDP"},
                {"name": "dns-tcp", "containerPort": 53, "protocol": "TCP"},
                {"name": "metrics", "containerPort": 9153, "protocol": "TCP"},
            ],
            livenessProbe={
                "httpGet": {"path": "/health", "port": 8080},
                "initialDelaySeconds": 60,
                "timeoutSeconds": 5,
                "failureThreshold": 5,
            },
            readinessProbe={"httpGet": {"path": "/ready", "port": 8181}},
            volumeMounts=[{"name": "config-volume", "mountPath": "/etc/coredns", "readOnly": True}],
        ),
        dnsPolicy="Default",
        volumes=[
            {
                "name": "config-volume",
                "configMap": {"name": "coredns", "items": [{"key": "Corefile", "path": "Corefile"}]},
            }
        ],
        serviceAccountName="coredns",
        priorityClassName="system-cluster-critical",
    )
    corefile = (
        ".:53 {\n    errors\n    health\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n      pods insecure\n"
        "      fallthrough in-addr.arpa ip6.arpa\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf\n    cache 30\n"
        "    loop\n    reload\n    loadbalance\n}\n"
    )
    kube_dns = obj(
        "v1",
        "Service",
        "kube-dns",
        "kube-system",
        labels={"k8s-app": "kube-dns"},
        spec={
            "selector": {"k8s-app": "kube-dns"},
            "clusterIP": "172.20.0.10",
            "type": "ClusterIP",
            "ports": [
                {"name": "dns", "port": 53, "protocol": "UDP", "targetPort": 53},
                {"name": "dns-tcp", "port": 53, "protocol": "TCP", "targetPort": 53},
            ],
        },
    )
    return [
        *daemonset(
            "cilium", "kube-system", {"k8s-app": "cilium"}, cilium, NODES, [_ip(n) for n in NODES], max_unavailable=2
        ),
        *daemonset(
            "node-problem-detector",
            "kube-system",
            {"app": "node-problem-detector"},
            npd,
            GENERAL,
            ["10.0.100.5", "10.0.100.6", "10.0.100.7"],
            max_unavailable=1,
        ),
        *deployment(
            "coredns",
            "kube-system",
            {"k8s-app": "kube-dns"},
            2,
            coredns,
            nodes=GENERAL[:2],
            pod_ips=["10.0.101.10", "10.0.101.11"],
        ),
        kube_dns,
        obj("v1", "ConfigMap", "coredns", "kube-system", data={"Corefile": corefile}),
    ]


def shop() -> list[dict]:
    objects = []
    for name, replicas, port, cluster_ip, first_ip in (
        ("frontend", 3, 8080, "172.20.32.32", 50),
        ("checkout", 2, 8443, "172.20.37.37", 40),
    ):
        labels = {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": "shop"}
        pod_template = template(
            labels,
            container(
                name,
                f"ghcr.io/example-shop/{name}:2.14.3",
                ports=[{"name": "http", "containerPort": port, "protocol": "TCP"}],
                resources={"requests": {"cpu": "250m", "memory": "256Mi"}, "limits": {"memory": "512Mi"}},
                readinessProbe={"httpGet": {"path": "/healthz", "port": port}, "periodSeconds": 10},
                env=[{"name": "LOG_LEVEL", "value": "info"}],
            ),
            serviceAccountName="default",
        )
        objects += deployment(
            name,
            "web",
            labels,
            replicas,
            pod_template,
            nodes=GENERAL[:replicas],
            pod_ips=[f"10.0.102.{first_ip + i}" for i in range(replicas)],
        )
        objects.append(service(name, "web", labels, http_port(80, port), cluster_ip, {"app.kubernetes.io/name": name}))
    return objects


def database() -> list[dict]:
    labels = {"app.kubernetes.io/name": "postgres", "app.kubernetes.io/instance": "orders-db"}
    pod_template = template(
        labels,
        container(
            "postgres",
            "docker.io/library/postgres:16.1",
            ports=[{"name": "postgres", "containerPort": 5432}],
            env=[
                {"name": "PGDATA", "value": "/var/lib/postgresql/data/pgdata"},
                {"name": "POSTGRES_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "orders-db", "key": "password"}}},
            ],
            resources={"requests": {"cpu": "1", "memory": "4Gi"}, "limits": {"memory": "4Gi"}},
            readinessProbe={"exec": {"command": ["pg_isready", "-U", "postgres"]}, "periodSeconds": 10},
            volumeMounts=[{"name": "data", "mountPath": "/var/lib/postgresql/data"}],
        ),
    )
    claim = {
        "accessModes": ["ReadWriteOnce"],
        "storageClassName": "local-nvme",
        "resources": {"requests": {"storage": "500Gi"}},
    }
    statefulset = obj(
        "apps/v1",
        "StatefulSet",
        "orders-db",
        "data",
        labels=labels,
        spec={
            "replicas": 1,
            "serviceName": "orders-db",
            "selector": {"matchLabels": labels},
            "podManagementPolicy": "OrderedReady",
            "updateStrategy": {"type": "RollingUpdate"},
            "template": pod_template,
            "volumeClaimTemplates": [
                {
                    "apiVersion": "v1",
                    "kind": "PersistentVolumeClaim",
                    "metadata": {"name": "data"},
                    "spec": {**claim, "volumeMode": "Filesystem"},
                }
            ],
        },
        status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1, "availableReplicas": 1},
    )
    db_node = GENERAL[2]
    volume = obj(
        "v1",
        "PersistentVolume",
        "local-pv-3f9a1c2e",
        spec={
            "capacity": {"storage": "1788Gi"},
            "accessModes": ["ReadWriteOnce"],
            "persistentVolumeReclaimPolicy": "Delete",
            "storageClassName": "local-nvme",
            "local": {"path": "/mnt/disks/nvme0n1"},
            "claimRef": {"kind": "PersistentVolumeClaim", "namespace": "data", "name": "data-orders-db-0"},
            "nodeAffinity": {
                "required": {
                    "nodeSelectorTerms": [
                        {
                            "matchExpressions": [
                                {
                                    "key": "kubernetes.io/hostname",
                                    "operator": "In",
                                    "values": [db_node["metadata"]["name"]],
                                }
                            ]
                        }
                    ]
                }
            },
        },
        status={"phase": "Bound"},
    )
    return [
        obj(
            "storage.k8s.io/v1",
            "StorageClass",
            "local-nvme",
            provisioner="kubernetes.io/no-provisioner",
            reclaimPolicy="Delete",
            volumeBindingMode="WaitForFirstConsumer",
        ),
        obj(
            "storage.k8s.io/v1",
            "StorageClass",
            "gp3",
            annotations={"storageclass.kubernetes.io/is-default-class": "true"},
            provisioner="ebs.csi.aws.com",
            parameters={"type": "gp3"},
            reclaimPolicy="Delete",
            volumeBindingMode="WaitForFirstConsumer",
            allowVolumeExpansion=True,
        ),
        statefulset,
        pod(
            "orders-db-0",
            "data",
            pod_template,
            statefulset,
            db_node,
            "10.0.103.7",
            {"statefulset.kubernetes.io/pod-name": "orders-db-0"},
        ),
        service(
            "orders-db",
            "data",
            labels,
            [{"name": "http", "protocol": "TCP", "port": 5432, "targetPort": 5432}],
            "None",
            {"app.kubernetes.io/name": "orders-db"},
        ),
        obj(
            "v1",
            "PersistentVolumeClaim",
            "data-orders-db-0",
            "data",
            labels=labels,
            spec={**claim, "volumeName": volume["metadata"]["name"]},
            status={"phase": "Bound", "capacity": {"storage": "1788Gi"}},
        ),
        volume,
    ]


def training() -> list[dict]:
    """A four-node PyTorchJob over RDMA (rdma/rdma_shared_device_a, NCCL_IB_HCA) with NCCL's timeouts left at their defaults."""

    def replica(role: str, count: int) -> dict:
        return {
            "replicas": count,
            "restartPolicy": "OnFailure",
            "template": {
                "metadata": {"labels": {"app": "llama-finetune", "role": role}},
                "spec": {
                    "tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
                    "nodeSelector": {"node-pool": "gpu"},
                    "containers": [
                        {
                            "name": "pytorch",
                            "image": "nvcr.io/nvidia/pytorch:24.01-py3",
                            "command": ["torchrun"],
                            "args": ["--nnodes=4", "--nproc-per-node=8", "train.py", "--config=/config/llama-8b.yaml"],
                            "env": [
                                {"name": "NCCL_IB_HCA", "value": "mlx5_0,mlx5_1,mlx5_2,mlx5_3"},
                                {"name": "NCCL_SOCKET_IFNAME", "value": "eth0"},
                                {"name": "NCCL_DEBUG", "value": "WARN"},
                            ],
                            "resources": {
                                "limits": {"nvidia.com/gpu": 8, "rdma/rdma_shared_device_a": 1, "memory": "900Gi"},
                                "requests": {
                                    "cpu": "80",
                                    "memory": "900Gi",
                                    "nvidia.com/gpu": 8,
                                    "rdma/rdma_shared_device_a": 1,
                                },
                            },
                            "securityContext": {"capabilities": {"add": ["IPC_LOCK"]}},
                            "volumeMounts": [
                                {"name": "dshm", "mountPath": "/dev/shm"},
                                {"name": "checkpoints", "mountPath": "/checkpoints"},
                            ],
                        }
                    ],
                    "volumes": [
                        {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "64Gi"}},
                        {"name": "checkpoints", "persistentVolumeClaim": {"claimName": "llama-checkpoints"}},
                    ],
                },
            },
        }

    job = obj(
        "kubeflow.org/v1",
        "PyTorchJob",
        "llama-finetune",
        "ml",
        labels={"team": "research"},
        spec={
            "runPolicy": {"cleanPodPolicy": "None", "backoffLimit": 3},
            "pytorchReplicaSpecs": {"Master": replica("master", 1), "Worker": replica("worker", 3)},
        },
        status={
            "conditions": [
                {"type": "Created", "status": "True", "reason": "PyTorchJobCreated"},
                {"type": "Running", "status": "True", "reason": "PyTorchJobRunning"},
            ],
            "replicaStatuses": {"Master": {"active": 1}, "Worker": {"active": 3}},
            "startTime": CREATED,
        },
    )
    checkpoints = obj(
        "v1",
        "PersistentVolumeClaim",
        "llama-checkpoints",
        "ml",
        spec={
            "accessModes": ["ReadWriteMany"],
            "storageClassName": "efs",
            "resources": {"requests": {"storage": "10Ti"}},
            "volumeName": "pvc-9e1f",
        },
        status={"phase": "Bound"},
    )
    return [job, checkpoints]


def monitoring() -> list[dict]:
    labels = {"app.kubernetes.io/name": "prometheus"}
    pod_template = template(
        labels,
        container(
            "prometheus",
            "quay.io/prometheus/prometheus:v2.48.1",
            args=["--storage.tsdb.retention.time=15d"],
            ports=[{"name": "web", "containerPort": 9090}],
            resources={"requests": {"cpu": "500m", "memory": "2Gi"}, "limits": {"memory": "4Gi"}},
            readinessProbe={"httpGet": {"path": "/-/ready", "port": 9090}},
        ),
        serviceAccountName="prometheus",
    )
    return [
        *deployment("prometheus", "monitoring", labels, 1, pod_template),
        service("prometheus", "monitoring", labels, http_port(9090, 9090), "172.20.49.49", labels),
    ]


NAMESPACES = ("default", "kube-system", "web", "data", "ml", "monitoring")
SERVICE_ACCOUNTS = {"kube-system": ("cilium", "coredns", "node-problem-detector"), "monitoring": ("prometheus",)}


def snapshot() -> dict:
    items = list(NODES)
    items += [
        obj(
            "v1",
            "Namespace",
            ns,
            labels={"kubernetes.io/metadata.name": ns},
            spec={"finalizers": ["kubernetes"]},
            status={"phase": "Active"},
        )
        for ns in NAMESPACES
    ]
    items += kube_system() + shop() + database() + training() + monitoring()
    items += [
        obj("v1", "ServiceAccount", account, ns)
        for ns in NAMESPACES
        for account in ("default", *SERVICE_ACCOUNTS.get(ns, ()))
    ]
    return {
        "apiVersion": "kubegap.io/v1",
        "kind": "Snapshot",
        "cluster": CLUSTER,
        "collected": sorted(COLLECTED),
        "forbidden": {},
        "absent": sorted(ABSENT),
        "items": items,
    }


def render() -> str:
    return json.dumps(snapshot(), indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    text = render()
    if sys.argv[1:] == ["--check"]:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT} differs from scripts/demo_cluster.py: run it to rewrite the file", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
