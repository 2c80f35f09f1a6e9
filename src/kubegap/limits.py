"""Bounds on what kubegap will read, so hostile input costs bounded time and memory."""

MAX_FILE_BYTES = 2 * 1024**3
"""Largest single input file read (after decompression): 2 GiB.

A live object with its status and managedFields is 5 to 10 KB of JSON, so a dump of a cluster at
Kubernetes' tested limits (150,000 pods, 5,000 nodes) is about 1.5 GB, and the 60,000-pod,
2,000-node benchmark snapshot is about 0.5 GB. Files this size are read a slice at a time (see
``sources/jsonslices.py``), so the bound is about what a cluster can produce, not about memory.
"""

MAX_YAML_BYTES = 64 * 1024**2
"""Largest input parsed as YAML: 64 MiB. Parsed YAML takes about 25 times its size in memory (a
3.8 MB ``kubectl get -o yaml`` list of 3,000 objects took 90 MB), so a file of YAML near
``MAX_FILE_BYTES`` would need tens of gigabytes and an hour; JSON, read a slice at a time, is read
up to ``MAX_FILE_BYTES``. Larger YAML is left unread (before it is even decoded) and said so."""

MAX_DOCUMENTS_PER_FILE = 100_000

MAX_NESTING_DEPTH = 200
"""Deepest YAML/JSON nesting accepted; real Kubernetes objects stay far below 50."""

MAX_DIRECTORY_FILES = 100_000

MAX_EXPANDED_NODES = 1_000_000
"""Largest document once YAML aliases are expanded (a "billion laughs" document is refused)."""

MAX_WARNINGS_PER_FILE = 20
"""Warnings kept and printed about one input file; a last line counts the rest."""

MAX_STATEFUL_ORDINALS = 10_000
"""A StatefulSet's pod and claim names (``web-0`` ... ``web-N``) are enumerated up to this many replicas.
``replicas: 2147483647`` is valid, and one name per replica would cost gigabytes; past the bound a
name is not known, so what depends on it is judged possible, never absent."""
