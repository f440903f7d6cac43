"""Markers of the Torri tests."""


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test of tens of seconds (deselect with -m 'not slow')")
