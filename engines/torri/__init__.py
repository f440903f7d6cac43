"""Le Torri di Bologna (Lucas Corato): build towers inside Bologna's walls."""

from engines.torri.game import Torri
from engines.torri.model import Move, Options, Pass, Start, State, View, action_adapter

__all__ = ["Torri", "Move", "Options", "Pass", "Start", "State", "View", "action_adapter"]
