"""The Discord layer: the discord.py client, its commands and message components, and ``run``."""
