"""Bounds on what kubegap will read, so hostile input costs bounded time and memory."""

MAX_FILE_BYTES = 256 * 1024 * 1024
"""Largest single input file read (after decompression)."""

MAX_DOCUMENTS_PER_FILE = 100_000

MAX_NESTING_DEPTH = 200
"""Deepest YAML/JSON nesting accepted; real Kubernetes objects stay far below 50."""

MAX_DIRECTORY_FILES = 100_000

MAX_EXPANDED_NODES = 1_000_000
"""Largest document once YAML aliases are expanded (a "billion laughs" document is refused)."""
