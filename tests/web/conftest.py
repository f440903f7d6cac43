"""The web page's fixtures: the Discord double and the error-log guard of the end-to-end tests."""

from tests.e2e.conftest import double, error_log  # noqa: F401  (fixtures, used by name)
