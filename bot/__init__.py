"""Piazza: the game service, the SQLite store and the thin discord.py layer."""
