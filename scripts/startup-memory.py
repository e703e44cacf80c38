#!/usr/bin/env python3
"""Start-up time and memory of `geocoder` servers, and how much of the index file each has mapped.

    scripts/startup-memory.py [--runs N] [--data PATH] [--fields F,F | --forward] [--then-all] [--server-args "..."] BINARY...

For each binary (in turn, `--rounds` times, so a noisy machine affects them alike): N spawns, each sending
one reverseGeocode and waiting for the answer; then the median spawn → answer time (and the child's CPU
time, user + system, from wait4: far steadier on a busy machine), the median VmRSS after
the answer split into anonymous, file-backed and shared memory (RssAnon, RssFile, RssShmem: a server that
copies its index shows it as anonymous memory, one that maps the file as file pages), and for the last
spawn the pages of a mapped index file present in memory (`/proc/PID/pagemap`, bit 63) and where they are
(percent present per MB of the file). The index cache goes to a temporary folder, built by one unmeasured
start first. BENCHMARKS.md, "Start-up memory (issue 4d)" and "Index cache owned by the server (issue 13)".

`--fields` asks the timed request for those placemark members (default: the country alone, which reads only
the index's core section; `--fields default` names none, so the server answers its default, the whole placemark); `--then-all` then sends a full placemark and a forwardGeocode (every section
used) and reports VmRSS after them too ("Start-up with sections read when first used", issue 15). `--forward` times a
first forwardGeocode instead (the places and names sections).
"""
import argparse
import os
import statistics
import struct
import subprocess
import tempfile
import time

# The country alone (fields ["country"]: only the index's core section is read) ...
REQUEST = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8566,"lon":2.3522,"fields":["country"]},"id":1}\n'
# ... and the server's default, every placemark member (every layer section read before the answer).
DEFAULT_REQUEST = b'{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":48.8566,"lon":2.3522},"id":1}\n'


def rss_mb(pid):
    """(VmRSS, RssAnon, RssFile, RssShmem) in MB."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
                fields[name] = int(rest.split()[0]) / 1024
    return tuple(fields.get(k, float("nan")) for k in ("VmRSS", "RssAnon", "RssFile", "RssShmem"))


def index_pages(pid):
    """(pages, present, percent present per MB) of the process's .idx mapping."""
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            if line.rstrip().endswith(".idx"):
                start, end = (int(x, 16) for x in line.split()[0].split("-"))
                break
        else:
            return None
    count = (end - start) // 4096
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        pagemap.seek(start // 4096 * 8)
        entries = pagemap.read(count * 8)
    present = [struct.unpack_from("<Q", entries, 8 * k)[0] >> 63 for k in range(count)]
    per_mb = [100 * sum(present[k:k + 256]) // len(present[k:k + 256]) for k in range(0, count, 256)]
    return count, sum(present), per_mb


ALL = (b'{"jsonrpc":"2.0","method":"reverseGeocode","params":{"lat":30.27,"lon":-97.74,'
       b'"fields":["country","admin1","territory","locality","timezone"]},"id":2}\n'
       b'{"jsonrpc":"2.0","method":"forwardGeocode","params":{"query":"Cahors"},"id":3}\n')


def start(binary, args, env, request=REQUEST, then_all=False):
    t0 = time.perf_counter()
    proc = subprocess.Popen([binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    proc.stdin.write(request)
    proc.stdin.flush()
    reply = proc.stdout.readline()
    ms = (time.perf_counter() - t0) * 1000
    assert b'"FR"' in reply, reply
    rss, pages = rss_mb(proc.pid), index_pages(proc.pid)
    if then_all:
        proc.stdin.write(ALL)
        proc.stdin.flush()
        for _ in range(2):
            assert b'"result"' in proc.stdout.readline()
        rss = rss + rss_mb(proc.pid)
    proc.stdin.close()
    # wait4 gives this child's own CPU time, which a busy machine disturbs far less than the wall time.
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return ms, rss, pages, (usage.ru_utime + usage.ru_stime) * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--data")
    ap.add_argument("--fields", help="placemark members for the timed request, e.g. country,admin1,timezone")
    ap.add_argument("--then-all", action="store_true", help="then use every section and report VmRSS again")
    ap.add_argument("--server-args", default="", help="extra server arguments, e.g. --no-layers")
    ap.add_argument("--forward", action="store_true",
                    help='time a forwardGeocode ["Paris"] instead (reads the places and names sections)')
    opts = ap.parse_args()
    args = ["--data", opts.data] if opts.data else []
    args += opts.server_args.split()
    request = REQUEST
    if opts.forward:
        request = b'{"jsonrpc":"2.0","method":"forwardGeocode","params":["Paris"],"id":1}\n'
    elif opts.fields == "default":
        request = DEFAULT_REQUEST
    elif opts.fields:
        fields = ",".join(f'"{f}"' for f in opts.fields.split(","))
        request = DEFAULT_REQUEST.replace(b'"lon":2.3522}', b'"lon":2.3522,"fields":[' + fields.encode() + b']}')
    with tempfile.TemporaryDirectory() as cache:
        # One cache folder per binary: binaries with other index keys would rebuild each other's file.
        envs = []
        for k in range(len(opts.binaries)):
            os.mkdir(os.path.join(cache, str(k)), 0o700)
            envs.append(dict(os.environ, GEOCODER_CACHE_DIR=os.path.join(cache, str(k))))
            envs[-1].pop("GEOCODER_NO_CACHE", None)
        for round_ in range(1, opts.rounds + 1):
            for binary, env in zip(opts.binaries, envs):
                start(binary, args, env)
                runs = [start(binary, args, env, request, opts.then_all) for _ in range(opts.runs)]
                ms = statistics.median(r[0] for r in runs)
                cpu = statistics.median(r[3] for r in runs)
                rss, anon, file, shmem = (statistics.median(r[1][k] for r in runs) for k in range(4))
                pages = runs[-1][2]
                after_all = (f", after every section used VmRSS median {statistics.median(r[1][4] for r in runs):.1f} MB"
                             if opts.then_all else "")
                mapped = f"index pages present {pages[1]} of {pages[0]}" if pages else "no index mapping"
                print(f"round {round_} {binary}: start-up median {ms:.1f} ms (CPU {cpu:.1f} ms), VmRSS median {rss:.1f} MB "
                      f"(anon {anon:.1f}, file {file:.1f}, shmem {shmem:.1f}){after_all}, {mapped}")
                if pages:
                    print("  % present per MB: " + " ".join(str(p) for p in pages[2]))


if __name__ == "__main__":
    main()
