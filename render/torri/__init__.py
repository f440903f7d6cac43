"""Le Torri di Bologna's board image, drawn from views."""

from render.torri.renderer import TorriRenderer

__all__ = ["TorriRenderer"]
