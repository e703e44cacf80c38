"""`--layer` files in the binary index cache (issue 18): built at the first start, loaded at the next, rebuilt
when the file changes or the cached copy is damaged, never trusted blindly.

What is observed: the cache file `<layer file>-<hash>-layer.idx` in GEOCODER_CACHE_DIR. A start that loads it
leaves it alone (same inode and bytes); a start that rebuilds it writes a new file and renames it over the
old one (a new inode). The answers are compared with those of a start without the cache (`--no-cache`).
"""
import json
import os
import subprocess
import time

import pytest


def city(extra=()):
    features = []
    for k in range(30):
        features.append({"type": "Feature", "id": f"s{k}", "properties": {"name": f"Street {k}"},
                         "geometry": {"type": "LineString",
                                      "coordinates": [[24.90 + 0.002 * k, 60.15 + 0.001 * j] for j in range(20)]}})
        features.append({"type": "Feature", "id": k, "properties": {"name": f"Cafe {k}", "amenity": "cafe"},
                         "geometry": {"type": "Point", "coordinates": [24.901 + 0.002 * k, 60.1555]}})
    features.append({"type": "Feature", "properties": {"name": "Station"}, "geometry": {"type": "Polygon", "coordinates": [
        [[24.92, 60.155], [24.925, 60.155], [24.925, 60.158], [24.92, 60.158], [24.92, 60.155]],
        [[24.921, 60.156], [24.921, 60.157], [24.922, 60.157], [24.922, 60.156], [24.921, 60.156]]]}})
    features.extend(extra)
    return json.dumps({"type": "FeatureCollection", "features": features})


REQUESTS = [{"jsonrpc": "2.0", "id": k, "method": "nearby",
             "params": {"lat": lat, "lon": lon, "radiusM": 300, "limit": 10}}
            for k, (lat, lon) in enumerate([(60.1556, 24.9012), (60.1565, 24.9230), (60.1565, 24.9215),
                                            (60.160, 24.95), (60.149, 24.899)])]


def write_layer(path, text):
    path.write_text(text)
    # The cache stores an index only once the file's ctime is older than the clock's current tick
    # (IndexCache.SourceKey.settled); a start in the same few milliseconds would build without storing.
    time.sleep(0.05)


def serve(geocoder_bin, cache, layer, *extra):
    env = dict(os.environ, GEOCODER_CACHE_DIR=str(cache))
    done = subprocess.run([geocoder_bin, "serve", "--layer", f"city={layer}", *extra],
                          input="\n".join(map(json.dumps, REQUESTS)) + "\n",
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in replies] == list(range(len(REQUESTS))), done.stdout
    return [r["result"] for r in replies]


def layer_index(cache):
    names = [n for n in os.listdir(cache) if n.endswith("-layer.idx")]
    assert len(names) == 1, os.listdir(cache)
    path = cache / names[0]
    return path, os.stat(path).st_ino, path.read_bytes()


def test_a_layer_is_cached_reused_and_rebuilt_when_its_file_changes_or_the_cache_is_damaged(geocoder_bin, tmp_path):
    cache = tmp_path / "cache"
    layer = tmp_path / "city.geojson"
    write_layer(layer, city())
    direct = serve(geocoder_bin, tmp_path / "unused", layer, "--no-cache")
    assert not (tmp_path / "unused").exists() or not any(n.endswith(".idx") for n in os.listdir(tmp_path / "unused"))
    assert sum(len(r) for r in direct) >= 20  # the queries find things
    assert any(hit["inside"] for r in direct for hit in r)  # and one is inside the station, not its hole

    # First start: builds the layer and stores it.
    assert serve(geocoder_bin, cache, layer) == direct
    path, inode, stored = layer_index(cache)
    assert stored[:8] == b"GEOLYR\r\n"

    # Second start: loads it (the file is left as it was) and answers the same.
    assert serve(geocoder_bin, cache, layer) == direct
    assert layer_index(cache)[1:] == (inode, stored)

    # The file replaced by one with another cafe: the old index is not used, a new one is stored.
    cafe = {"type": "Feature", "id": "new", "properties": {"name": "New Cafe"},
            "geometry": {"type": "Point", "coordinates": [24.9013, 60.1556]}}
    write_layer(layer, city([cafe]))
    changed = serve(geocoder_bin, cache, layer)
    assert changed[0][0]["name"] == "New Cafe"
    assert changed == serve(geocoder_bin, tmp_path / "unused", layer, "--no-cache")
    path, inode, stored = layer_index(cache)

    # Touched (same bytes, new times): rebuilt and stored again, same answers.
    os.utime(layer)
    time.sleep(0.05)
    assert serve(geocoder_bin, cache, layer) == changed
    path, touched_inode, touched = layer_index(cache)
    assert touched_inode != inode

    # Damaged in place (the checksum or a table check fails): rebuilt, not trusted.
    damaged = bytearray(touched)
    for offset in range(100, len(damaged), max(1, len(damaged) // 50)):
        damaged[offset] ^= 0x5A
    path.write_bytes(bytes(damaged))
    assert serve(geocoder_bin, cache, layer) == changed
    path, _, repaired = layer_index(cache)
    assert repaired != bytes(damaged) and repaired[:8] == b"GEOLYR\r\n"

    # Truncated: rebuilt as well.
    path.write_bytes(repaired[:len(repaired) // 2])
    assert serve(geocoder_bin, cache, layer) == changed
    assert len(layer_index(cache)[2]) == len(repaired)


@pytest.mark.parametrize("key", ["name", "amenity"])
def test_another_name_key_is_another_index(geocoder_bin, tmp_path, key):
    cache = tmp_path / "cache"
    layer = tmp_path / "city.geojson"
    write_layer(layer, city())
    serve(geocoder_bin, cache, layer)
    answers = serve(geocoder_bin, cache, layer, "--layer-name-key", key)
    names = {hit["name"] for r in answers for hit in r}
    assert ("Cafe 0" in names) == (key == "name") and ("cafe" in names) == (key == "amenity")
