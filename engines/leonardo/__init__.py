"""Leonardo (1988): roll-and-move city game of palazzi, works of art, markets and men-at-arms."""

from engines.leonardo.game import Leonardo
from engines.leonardo.model import Options, State, View, action_adapter

__all__ = ["Leonardo", "Options", "State", "View", "action_adapter"]
