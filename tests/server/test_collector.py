"""The garbage collector as the server's long-lived processes run it (server/collector.py);
in a process of its own, as it changes the process for good."""

import subprocess
import sys

from headframe.server import collector

SETTLED = """
import gc
from headframe.server import collector, app  # a web process's modules, loaded
before = gc.get_freeze_count()
collector.settle()
print(before, gc.get_freeze_count(), *gc.get_threshold())
"""


def test_a_settled_process_leaves_what_it_holds_out_of_collections_and_collects_less_often():
    before, frozen, *thresholds = map(int, subprocess.run([sys.executable, "-c", SETTLED], capture_output=True,
                                                           text=True, check=True).stdout.split())
    assert before == 0 and frozen > 50_000  # the modules' objects: no collection scans them again
    assert thresholds == [collector.YOUNG, collector.OLDER, collector.OLDER] and collector.YOUNG > 700
