"""The installed wheel: the bundled binary, its data beside it, and the typing marker."""
import os
import subprocess
import sys
import sysconfig

import pytest

import geocoder
from geocoder import _binary


@pytest.fixture
def bundled(installed):
    binary = geocoder.bundled_binary()
    if binary is None:
        if installed:
            pytest.fail("the installed package has no bundled binary")
        pytest.skip("a source checkout without the bundle (run scripts/test-python-package)")
    return binary


def test_the_package_under_test_is_the_installed_one(installed):
    if not installed:
        pytest.skip("only with --installed")
    site = os.path.realpath(sysconfig.get_paths()["platlib"])
    assert os.path.realpath(geocoder.__file__).startswith(site + os.sep), geocoder.__file__
    assert os.environ.get("GEOCODER_BIN") is None


def test_the_default_geocoder_runs_the_bundled_binary_on_the_bundled_data(bundled, new_geocoder, monkeypatch):
    monkeypatch.delenv("GEOCODER_BIN", raising=False)
    geo = new_geocoder()
    assert geo.argv[0] == bundled
    assert geo.argv[geo.argv.index("--data") + 1] == _binary.BUNDLED_DATA
    assert geo.reverse(48.8566, 2.3522)["iso2"] == "FR"
    assert geo.forward("München", limit=1)[0]["name"] == "Munich"  # the name tables came along


def test_the_bundled_binary_finds_its_data_by_itself(bundled, tmp_path, cache_dir):
    # The wheel's layout is an install prefix (bin/, share/geocoder/), which the binary searches on its own.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GEOCODER_CACHE_DIR": str(cache_dir)}
    assert os.access(bundled, os.X_OK)
    run = subprocess.run([bundled, "forward", "Paris, Texas", "--limit", "1"], env=env, cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert '"admin1":"Texas"' in run.stdout


def test_the_package_is_typed():
    assert os.path.isfile(os.path.join(os.path.dirname(geocoder.__file__), "py.typed"))
    assert sys.version_info >= (3, 9)
