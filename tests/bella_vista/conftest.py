"""Markers of the Bella Vista tests."""


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test over about ten seconds (many whole games)")
