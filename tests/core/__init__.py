"""Tests of the engine contract shared by every game (engines/core, render/text.py)."""
