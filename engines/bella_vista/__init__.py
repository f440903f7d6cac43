"""Bella Vista: build a town of towers over eight rounds of offers and constructions."""

from engines.bella_vista.game import BellaVista
from engines.bella_vista.state import Options, State, action_adapter
from engines.bella_vista.view import View

__all__ = ["BellaVista", "Options", "State", "View", "action_adapter"]
