"""The man page and shell completions are generated from the option table `--help` prints (issue 17), so
they cannot drift from it: every option `--help` names is in each of them, every option they name is one
the parser takes, the committed copies in share/ are the binary's current output (scripts/gen-cli-docs),
and the scripts parse in their shells."""
import os
import re
import shutil
import subprocess

import pytest

from geoclient import REPO_ROOT, run_cli

GENERATED = {"man": "share/man/geocoder.1", "bash": "share/completions/geocoder.bash",
             "zsh": "share/completions/_geocoder", "fish": "share/completions/geocoder.fish"}

#: An option word: one or two dashes then a letter (so -32700 and "--max-..." are not options).
OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*|-[A-Za-z])(?![\w.-]|\.\.\.)")


def generate(binary, what):
    proc = run_cli(["--generate", what], binary=binary)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.decode("utf-8")


def help_options(binary):
    text = run_cli(["--help"], binary=binary).stdout.decode("utf-8")
    options = set(OPTION.findall(text))
    assert {"--data", "-d", "--format", "-F", "--lang", "--kinds", "--country", "--generate"} <= options, options
    return options


def options_in(kind, text):
    """The option words a generated file offers, in that file's own syntax."""
    if kind == "man":
        return {m.replace("\\-", "-") for m in re.findall(r"\\fB((?:\\-)+[A-Za-z][a-z0-9\\-]*)\\fR", text)}
    if kind == "bash":
        return set(re.search(r'compgen -W "(-[^"]*)"', text).group(1).split())
    if kind == "zsh":
        return set(re.findall(r"'(--?[A-Za-z][a-z0-9-]*)\[", text))
    longs = {"--" + m for m in re.findall(r" -l ([a-z0-9-]+)", text)}
    return longs | {"-" + m for m in re.findall(r" -s ([A-Za-z])", text)}


@pytest.mark.parametrize("kind", sorted(GENERATED))
def test_generated_files_offer_exactly_the_help_options(geocoder_bin, kind):
    assert options_in(kind, generate(geocoder_bin, kind)) == help_options(geocoder_bin)


@pytest.mark.parametrize("kind", sorted(GENERATED))
def test_committed_copies_are_current(geocoder_bin, kind):
    with open(os.path.join(REPO_ROOT, GENERATED[kind]), encoding="utf-8") as f:
        committed = f.read()
    assert committed == generate(geocoder_bin, kind), f"{GENERATED[kind]} is stale: run scripts/gen-cli-docs"


def test_every_help_option_is_one_the_parser_takes(geocoder_bin):
    for option in sorted(help_options(geocoder_bin)):
        proc = run_cli(["frobnicate", option], binary=geocoder_bin)
        assert b"unknown option" not in proc.stderr, f"--help lists {option}, the parser refuses it"


@pytest.mark.parametrize("kind,shell", [("bash", ["bash", "-n"]), ("zsh", ["zsh", "-n"]), ("fish", ["fish", "-n"])])
def test_completion_scripts_parse(tmp_path, geocoder_bin, kind, shell):
    if shutil.which(shell[0]) is None:
        pytest.skip(f"{shell[0]} is not installed")
    path = tmp_path / kind
    path.write_text(generate(geocoder_bin, kind))
    proc = subprocess.run([*shell, str(path)], capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_bash_completion_completes_commands_options_and_values(tmp_path, geocoder_bin):
    path = tmp_path / "geocoder.bash"
    path.write_text(generate(geocoder_bin, "bash"))
    def complete(*words):
        script = (f'source "{path}"; COMP_WORDS=({" ".join(repr(w) for w in ("geocoder", *words))}); '
                  f'COMP_CWORD={len(words)}; _geocoder; printf "%s\\n" "${{COMPREPLY[@]}}"')
        return subprocess.run(["bash", "-c", script], capture_output=True, timeout=60, text=True).stdout.split()
    assert "reverse" in complete("rev") and complete("forward", "--ki") == ["--kinds"]
    assert complete("reverse", "-F", "") == ["json", "csv", "tsv"]
    assert complete("cache", "") == ["path", "list", "clear"]


def test_man_page_renders_without_warnings(geocoder_bin, tmp_path):
    if shutil.which("groff") is None:
        pytest.skip("groff is not installed")
    path = tmp_path / "geocoder.1"
    path.write_text(generate(geocoder_bin, "man"))
    proc = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", str(path)], capture_output=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
