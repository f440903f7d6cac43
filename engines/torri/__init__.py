"""Le Torri di Bologna (Lucas Corato): build towers inside Bologna's walls."""

from engines.torri.game import Torri
from engines.torri.model import Move, Pass, Start, TorriOptions, TorriState, TorriView

__all__ = ["Torri", "Move", "Pass", "Start", "TorriOptions", "TorriState", "TorriView"]
