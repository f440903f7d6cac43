"""The component data of every title (TOML), installed as the package ``piazza_data``.

Only data lives here; engines/core/data.py reads it with importlib.resources.
"""
