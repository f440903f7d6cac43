"""The test suite (a package, so test modules import their helpers by full name)."""
