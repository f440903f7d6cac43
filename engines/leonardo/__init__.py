"""Leonardo (1988): roll-and-move city game of palazzi, works of art, markets and men-at-arms."""

from engines.leonardo.game import Leonardo

__all__ = ["Leonardo"]
