"""reverse and reverse_many against the real server: answers, chunking, and the per-point equivalence."""
import random

import pytest

import geocoder

PARIS = (48.8566, 2.3522)
MID_ATLANTIC = (0.0, -30.0)
NICE_OFFSHORE = (43.67, 7.27)  # 2.5 km off the French coast


def has_country(result):
    """True when a result names a country. A server with placemark layers may answer a point at sea with
    an object holding only its time zone, where an older server answers None."""
    return result is not None and "adm0a3" in result


def test_paris_is_in_france(geo):
    found = geo.reverse(*PARIS)
    assert found is not None
    assert (found["iso2"], found["iso3"], found["name"]) == ("FR", "FRA", "France")
    assert (found["match"], found["distanceKm"]) == ("inside", 0)


def test_mid_atlantic_has_no_country_at_the_default_radius(geo):
    assert not has_country(geo.reverse(*MID_ATLANTIC))


def test_offshore_point_takes_the_nearest_country_within_the_radius(geo):
    found = geo.reverse(*NICE_OFFSHORE)
    assert found is not None and found["iso2"] == "FR" and found["match"] == "nearest"
    assert 0 < found["distanceKm"] < 10
    assert not has_country(geo.reverse(*NICE_OFFSHORE, max_distance_km=0))


def test_extra_members_are_kept(geo):
    # Members the TypedDict does not list (here wikidataId's neighbours) reach the caller untouched.
    found = geo.reverse(*PARIS)
    assert found["wikidataId"] == "Q142" and found["subregion"] == "Western Europe"


def sample_points(count, seed):
    """Half uniform on the sphere, half in Europe and the Mediterranean (borders, coasts, islands)."""
    rng = random.Random(seed)
    points = []
    for k in range(count):
        if k % 2:
            points.append((rng.uniform(30, 60), rng.uniform(-12, 36)))
        else:
            points.append((rng.uniform(-90, 90), rng.uniform(-180, 180)))
    return points


def test_reverse_many_of_100k_points_equals_reverse_point_by_point(geo):
    points = sample_points(100_000, seed=17)
    many = geo.reverse_many(points)
    assert len(many) == len(points)
    assert sum(has_country(r) for r in many) > 30_000  # the sample really exercises both outcomes
    assert sum(r is not None and r.get("match") == "nearest" for r in many) > 0
    rng = random.Random(18)
    for k in rng.sample(range(len(points)), 1_500):
        assert many[k] == geo.reverse(*points[k]), f"point {k} {points[k]}"


def test_chunk_seams_keep_every_answer_in_order(geo, new_geocoder):
    points = sample_points(1_000, seed=3)
    small_chunks = new_geocoder(chunk_size=7)
    assert small_chunks.reverse_many(points) == geo.reverse_many(points)


def test_a_large_radius_is_split_below_the_work_limit(geo):
    # At 5,000 km a point costs 2,000 work units: 6,000 points (12 M units) in one line would be refused
    # by the server's default budget of 10 M; the client splits them.
    rng = random.Random(5)
    points = [(rng.uniform(46, 49), rng.uniform(0, 5)) for _ in range(6_000)]  # France: cheap lookups
    answers = geo.reverse_many(points, max_distance_km=5_000)
    assert len(answers) == 6_000 and all(a is not None and a["iso2"] == "FR" for a in answers)


def test_a_chunk_the_server_refuses_for_its_work_limit_is_sent_again_in_halves(new_geocoder, geo):
    strict = new_geocoder(args=["--max-work", "1000"])  # about 120 default-radius points per line
    points = sample_points(500, seed=9)
    assert strict.reverse_many(points) == geo.reverse_many(points)


def test_a_single_point_over_the_work_limit_raises_limit_exceeded(new_geocoder):
    strict = new_geocoder(args=["--max-work", "10"])
    with pytest.raises(geocoder.LimitExceededError) as caught:
        strict.reverse_many([(0.0, 0.0)], max_distance_km=20_000)
    assert caught.value.code == -32600 and caught.value.limit == "maxWork"
    # Still usable for what fits: the country alone (10 units); the whole placemark, the default, costs 40.
    assert strict.reverse(*PARIS, fields=["country"])["iso2"] == "FR"
    with pytest.raises(geocoder.LimitExceededError):
        strict.reverse(*PARIS)


def test_a_bad_point_is_named_by_its_place_in_the_whole_list(new_geocoder):
    small_chunks = new_geocoder(chunk_size=7)
    points = [PARIS] * 30 + [(91.0, 0.0)] + [PARIS] * 5
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        small_chunks.reverse_many(points)
    error = caught.value
    assert error.code == -32602 and error.point_index == 30
    assert error.data["param"] == "points[30][0]" and "points[30][0]" in error.message


def test_non_finite_and_non_number_points_are_refused_before_sending(geo):
    with pytest.raises(geocoder.InvalidParamsError) as caught:
        geo.reverse_many([PARIS, (float("nan"), 0.0)])
    assert caught.value.data["param"] == "points[1][0]"
    with pytest.raises(geocoder.InvalidParamsError):
        geo.reverse("48.8", 2.35)
    with pytest.raises(geocoder.InvalidParamsError):
        geo.reverse(48.8, float("inf"))


def test_reverse_many_accepts_numpy_arrays_and_generators(geo):
    numpy = pytest.importorskip("numpy")
    points = numpy.array([PARIS, MID_ATLANTIC, (35.68, 139.69)], dtype=numpy.float32)
    answers = geo.reverse_many(points)
    assert [a["iso2"] if has_country(a) else None for a in answers] == ["FR", None, "JP"]
    assert geo.reverse_many(p for p in [PARIS]) == [geo.reverse(*PARIS)]
    assert geo.reverse_many([]) == []
