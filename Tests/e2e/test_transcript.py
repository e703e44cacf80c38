"""The documented transcript in examples/transcript/ is exactly what the binary answers."""
import subprocess
from pathlib import Path

from geoclient import REPO_ROOT, locate_binary


def test_transcript_replays_byte_for_byte():
    folder = Path(REPO_ROOT) / "examples" / "transcript"
    requests = (folder / "requests.jsonl").read_bytes()
    expected = (folder / "responses.jsonl").read_bytes()
    done = subprocess.run([str(locate_binary())], input=requests, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    got = done.stdout.splitlines()
    want = expected.splitlines()
    assert len(got) == len(want), f"{len(got)} reply lines, transcript has {len(want)}"
    for number, (g, w) in enumerate(zip(got, want), start=1):
        assert g == w, f"reply line {number} differs:\n got  {g[:300]!r}\n want {w[:300]!r}"
