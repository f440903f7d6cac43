"""The transport-agnostic game service and what it needs: the titles, options, names, words."""
