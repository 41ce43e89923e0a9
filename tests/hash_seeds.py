"""A seeded program's output in fresh processes under different string-hash salts:
Python salts string hashes per process, so anything that follows the order in which a
set of names iterates shows up as two different outputs."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence


def outputs_under_hash_seeds(script: str, salts: Sequence[int] = (1, 2)) -> set[str]:
    """What `script` (`python -c`) prints, once per salt in `salts` (`PYTHONHASHSEED`):
    a single output when nothing it prints depends on the salt."""
    return {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True, env={**os.environ, "PYTHONHASHSEED": str(salt)}
                           ).stdout for salt in salts}
