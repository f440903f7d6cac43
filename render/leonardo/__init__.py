"""Leonardo's board and hand images, drawn from views."""

from render.leonardo.renderer import LeonardoRenderer

__all__ = ["LeonardoRenderer"]
