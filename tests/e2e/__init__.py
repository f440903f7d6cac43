"""End-to-end tests: the real bot and discord.py against the loopback Discord double."""
