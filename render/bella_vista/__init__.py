"""Bella Vista's board and hand images, drawn from views."""

from render.bella_vista.renderer import BellaVistaRenderer

__all__ = ["BellaVistaRenderer"]
