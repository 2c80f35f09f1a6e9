"""What several gpu checks share."""

from __future__ import annotations

from kubegap.domain.gpus import template_gpus
from kubegap.domain.podtemplates import TRAINING_KINDS, PodTemplate, Workload


def _training_gpu_templates(workload: Workload) -> list[PodTemplate]:
    batch_kind = workload.kind in TRAINING_KINDS or workload.kind in ("Job", "CronJob")
    if not batch_kind or workload.is_finished:
        return []
    gpu_templates = [t for t in workload.templates if template_gpus(t) > 0]
    pods = sum(t.replicas or 1 for t in gpu_templates)
    return gpu_templates if pods > 1 else []
