"""scripts/install puts the binary and every data file under a prefix, and the installed binary finds them.

Issue 17: an install used to carry only the country GeoJSON, so an installed `geocoder forward Paris`
answered [] without a word. The test installs the binary under test (GEOCODER_BIN) into a temporary
prefix, runs it from there with no data flags and no environment pointing at the checkout, and checks
that forward search knows cities and that every Data/ file arrived.
"""
import glob
import json
import os
import subprocess

from geoclient import REPO_ROOT


def installed(tmp_path, geocoder_bin):
    prefix = tmp_path / "prefix"
    env = dict(os.environ, GEOCODER_BIN=geocoder_bin)
    subprocess.run(["bash", os.path.join(REPO_ROOT, "scripts", "install"), str(prefix)], env=env, check=True,
                   capture_output=True, timeout=300)
    return prefix


def run(prefix, tmp_path, *args):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GEOCODER_DATA")}
    env["GEOCODER_CACHE_DIR"] = str(tmp_path / "cache")
    # From a directory with no Data/ in sight, so only the install layout can supply the files.
    return subprocess.run([str(prefix / "bin" / "geocoder"), *args], env=env, cwd=str(tmp_path),
                          capture_output=True, timeout=300)


def test_install_carries_every_data_file(tmp_path, geocoder_bin):
    prefix = installed(tmp_path, geocoder_bin)
    wanted = [os.path.basename(p) for pattern in ("*.geojson", "*.tsv", "README.md", "LICENSE-*.md")
              for p in glob.glob(os.path.join(REPO_ROOT, "Data", pattern))]
    assert len(wanted) >= 7
    for name in wanted:
        assert (prefix / "share" / "geocoder" / name).is_file(), name


def test_installed_binary_finds_names_and_cities(tmp_path, geocoder_bin):
    prefix = installed(tmp_path, geocoder_bin)
    done = run(prefix, tmp_path, "forward", "Paris")
    assert done.returncode == 0, done.stderr
    kinds = {match["kind"] for match in json.loads(done.stdout)}
    assert kinds == {"city", "country"} or "city" in kinds, done.stdout
    assert b"warning" not in done.stderr, done.stderr
    done = run(prefix, tmp_path, "forward", "Allemagne")  # a CLDR name: country-names.tsv arrived
    assert json.loads(done.stdout)[0]["iso2"] == "DE"


def test_missing_name_tables_are_reported_once(tmp_path, geocoder_bin):
    prefix = installed(tmp_path, geocoder_bin)
    os.remove(prefix / "share" / "geocoder" / "cities.tsv")
    done = run(prefix, tmp_path, "forward", "Paris")
    assert done.returncode == 0, done.stderr
    assert done.stderr.count(b"cities.tsv") == 1, done.stderr
    # No cities without cities.tsv; a country or a division (by a translated name's prefix) may still match.
    assert all(match["kind"] != "city" for match in json.loads(done.stdout))


def test_install_carries_the_man_page_and_completions(tmp_path, geocoder_bin):
    prefix = installed(tmp_path, geocoder_bin)
    for what, path in (("man", "share/man/man1/geocoder.1"), ("bash", "share/bash-completion/completions/geocoder"),
                       ("zsh", "share/zsh/site-functions/_geocoder"),
                       ("fish", "share/fish/vendor_completions.d/geocoder.fish")):
        done = run(prefix, tmp_path, "--generate", what)
        assert done.returncode == 0 and done.stdout, done.stderr
        assert (prefix / path).read_bytes() == done.stdout, path
