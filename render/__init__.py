"""Pillow drawing of every title, from views only (what a seat or a spectator may see)."""
