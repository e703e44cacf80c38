"""The server process: started, closed by the context manager, and a dead or silent one raising."""
import os
import signal
import stat
import threading

import pytest

import geocoder


def test_context_manager_closes_the_process(new_geocoder, cache_dir):
    with geocoder.Geocoder(cache_dir=cache_dir, timeout=300) as geo:
        assert geo.reverse(48.8566, 2.3522)["iso2"] == "FR"
        process = geo.process
        assert process.poll() is None
    assert process.returncode == 0  # stdin closed: the server exits 0 at end of input
    assert geo.close() == 0  # idempotent
    with pytest.raises(geocoder.GeocoderError):
        geo.reverse(0, 0)


def test_a_killed_server_raises_instead_of_hanging(new_geocoder):
    geo = new_geocoder()
    assert geo.reverse(48.8566, 2.3522)["iso2"] == "FR"
    os.kill(geo.pid, signal.SIGKILL)
    geo.process.wait()
    with pytest.raises(geocoder.GeocoderProcessError) as caught:
        geo.reverse(48.8566, 2.3522)
    assert caught.value.returncode == -signal.SIGKILL
    assert "signal 9" in str(caught.value)
    with pytest.raises(geocoder.GeocoderProcessError):  # every later call too, at once
        geo.reverse_many([(0.0, 0.0)])


def test_a_server_that_cannot_start_says_why(new_geocoder, tmp_path):
    geo = new_geocoder(data=tmp_path / "missing.geojson")
    with pytest.raises(geocoder.GeocoderProcessError) as caught:
        geo.reverse(0, 0)
    assert caught.value.returncode == 1
    assert "missing.geojson" in caught.value.stderr


def fake_server(tmp_path, script):
    path = tmp_path / "fake-geocoder"
    path.write_text("#!/bin/sh\n" + script + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_a_silent_server_times_out(tmp_path):
    with geocoder.Geocoder(binary=fake_server(tmp_path, "exec sleep 600"), timeout=0.5) as geo:
        with pytest.raises(geocoder.GeocoderTimeoutError):
            geo.reverse(0, 0)
        assert geo.process.poll() is not None  # stopped, not left running
        with pytest.raises(geocoder.GeocoderProcessError):
            geo.reverse(0, 0)


def test_a_server_that_breaks_the_protocol_is_stopped(tmp_path):
    # `cat` echoes the request: a line with the right id but no result.
    with geocoder.Geocoder(binary=fake_server(tmp_path, "exec cat"), timeout=60) as geo:
        with pytest.raises(geocoder.GeocoderProcessError) as caught:
            geo.reverse(0, 0)
        assert "expected the reply" in str(caught.value)


def test_a_missing_binary_is_reported(tmp_path):
    with pytest.raises(geocoder.BinaryNotFoundError):
        geocoder.Geocoder(binary=tmp_path / "no-such-geocoder")


def test_cache_dir_is_where_the_server_keeps_its_index(new_geocoder, tmp_path):
    cache = tmp_path / "cache"
    geo = new_geocoder(cache_dir=cache)
    assert geo.reverse(48.8566, 2.3522)["iso2"] == "FR"
    geo.close()
    assert cache.is_dir() and any(cache.iterdir())


def test_threads_share_one_geocoder(geo):
    points = [(48.8566, 2.3522), (35.68, 139.69), (-33.87, 151.21), (40.71, -74.0)]
    expected = [geo.reverse(*p) for p in points]
    failures = []

    def work(seed):
        for k in range(200):
            p = (seed + k) % len(points)
            if geo.reverse(*points[p]) != expected[p]:
                failures.append((seed, k))
            if k % 50 == 0 and geo.reverse_many(points) != expected:
                failures.append((seed, k, "many"))

    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_a_server_that_stops_reading_times_out_while_the_request_is_sent(tmp_path):
    # 200,000 points make lines far larger than a pipe holds: the write itself must give up.
    with geocoder.Geocoder(binary=fake_server(tmp_path, "exec sleep 600"), timeout=0.5) as geo:
        with pytest.raises(geocoder.GeocoderTimeoutError):
            geo.reverse_many([(1.0, 2.0)] * 200_000)
        assert geo.process.poll() is not None


def test_an_interrupted_call_stops_the_server_rather_than_reading_the_wrong_reply(new_geocoder, monkeypatch):
    geo = new_geocoder()
    assert geo.reverse(48.8566, 2.3522)["iso2"] == "FR"

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(geo, "_read_line", interrupted)
    with pytest.raises(KeyboardInterrupt):
        geo.reverse(35.68, 139.69)
    monkeypatch.undo()
    with pytest.raises(geocoder.GeocoderProcessError) as caught:  # not Japan's reply to a question about Paris
        geo.reverse(48.8566, 2.3522)
    assert "interrupted" in str(caught.value)
