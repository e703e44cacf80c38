"""Shared fixtures for the end-to-end suite: the binary, a long-lived server, the shapely world."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import geoclient  # noqa: E402
import geodata  # noqa: E402

@pytest.fixture(scope="session")
def geocoder_bin():
    """Path of the binary under test; a missing build fails every test that needs it."""
    try:
        return geoclient.locate_binary()
    except geoclient.BinaryNotFound as e:
        pytest.fail(str(e), pytrace=False)


@pytest.fixture(scope="session")
def server(geocoder_bin):
    """One server on the bundled data, shared by the tests that only send requests."""
    srv = geoclient.Server(binary=geocoder_bin)
    yield srv
    code = srv.close(check=False)
    assert code == 0, f"shared server exited with {code}; stderr:\n{srv.stderr}"


@pytest.fixture(scope="session")
def world():
    """The dataset as read by shapely, loaded once."""
    return geodata.world()


def pytest_terminal_summary(terminalreporter):
    if geoclient.SUMMARY:
        terminalreporter.section("geocoder e2e: cross-check counts")
        for line in geoclient.SUMMARY:
            terminalreporter.write_line(line)
