"""Fixtures for the geocoder-offline tests: one shared server, and a private index cache for the run.

The tests talk to a real geocoder process. Run them against an installed wheel (scripts/test-python-package
does, from a folder outside the checkout, with `--installed`), or during development with
`PYTHONPATH=python/src GEOCODER_BIN=.build/release/geocoder python3 -m pytest python/tests`.
"""

import pytest

import geocoder

#: Seconds to wait for one reply: a hang detector, not a speed assertion (the first start builds the
#: index cache, which takes seconds on a loaded machine).
REPLY_TIMEOUT = 300.0


def pytest_addoption(parser):
    parser.addoption("--installed", action="store_true",
                     help="the package under test must be an installed wheel that bundles the binary")


@pytest.fixture(scope="session")
def installed(request):
    return request.config.getoption("--installed")


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory):
    """The index cache of this run, so the tests neither read nor fill the user's ~/.cache."""
    return tmp_path_factory.mktemp("geocoder-cache")


@pytest.fixture(scope="session")
def geo(cache_dir):
    with geocoder.Geocoder(cache_dir=cache_dir, timeout=REPLY_TIMEOUT) as server:
        yield server


@pytest.fixture
def new_geocoder(cache_dir):
    """Makes more servers (closed at the end of the test), sharing the run's index cache."""
    made = []

    def make(**options):
        options.setdefault("cache_dir", cache_dir)
        options.setdefault("timeout", REPLY_TIMEOUT)
        server = geocoder.Geocoder(**options)
        made.append(server)
        return server

    yield make
    for server in made:
        server.close()
