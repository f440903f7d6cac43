"""Start-up's objects set aside from the garbage collector (bot.play.collector)."""

import json
import subprocess
import sys


def test_start_up_objects_are_set_aside_from_the_collector_and_later_ones_are_not():
    """In a fresh interpreter (freezing this one would change the rest of the test run): what
    exists when ``set_startup_aside`` runs leaves the collector's generations, what is made after
    stays in them, and garbage made before is collected first, not frozen."""
    script = """
import gc, json, weakref
from bot.play.collector import set_startup_aside
class Thing: pass
kept, lost = Thing(), Thing()
lost.me = lost  # a cycle no one refers to: garbage, to be collected before the freeze
gone = weakref.ref(lost); del lost
frozen = set_startup_aside()
later = Thing()
tracked = {id(o) for o in gc.get_objects()}
print(json.dumps([frozen, id(kept) in tracked, id(later) in tracked, gone() is None]))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    frozen, kept_tracked, later_tracked, collected = json.loads(out)
    assert frozen > 1000 and not kept_tracked and later_tracked and collected
