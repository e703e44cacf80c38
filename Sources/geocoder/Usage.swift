/// The help text and version, printed to stdout by `--help` and `--version`.
enum Usage {
    static let version = "geocoder 0.1.0"

    static let text = """
        geocoder: an offline country geocoder (Natural Earth 1:10m admin-0).

        USAGE
          geocoder [serve] [--data PATH] [--max-... N]
                                                JSON-RPC 2.0 server, one message per line on stdin/stdout
          geocoder reverse LAT LON | LAT,LON | - [-m KM] [-f F,F] [-F json|csv|tsv]
                                                the placemark of a point: the country at or nearest to it (default
                                                10 km, max 20037.5), its admin1, territory, locality, timezone;
                                                '-' (or no point, stdin not a terminal): one 'lat,lon' or 'lat lon'
                                                per stdin line, one answer per line, streamed; a bad line gets an
                                                error line naming its number (and exit status 1 at the end)
          geocoder forward NAME [-n N] [-l LANG] [-c CC,CC] [-k country,city] [-F FORMAT]
                                                countries and cities whose names match, best first (default 5,
                                                max 250); "Paris, Texas": text after a comma qualifies a city
          geocoder bbox MINLAT MINLON MAXLAT MAXLON [-F FORMAT]
                                                countries meeting a box; MINLON > MAXLON crosses the antimeridian
          geocoder nearby LAT LON --layer NAME=PATH [--radius M] [--limit N] [--geometry K,K] [--layer-name-key KEY]
                                                features of your GeoJSON layers within M metres (default 500, max
                                                10000), nearest first (default 10, max 1000); see nearby below
          geocoder where LAT LON --layer NAME=PATH [--heading D] [--previous-road R]
                                                inside a place, along a road (within 20 m) or other, the
                                                intersection ahead, the nearest place, and the spoken phrase
          geocoder csv [FILE|-] [--lat COL --lon COL | --forward COL] [--no-header] [--delimiter C]
                       [--prefix P] [--max-distance KM] [--fields F,F] [--max-record-bytes N]
                       [--match code|name|any] [--min-score X]
                                                append iso2,iso3,name,match,distanceKm, admin1_name,admin1_code,
                                                admin1_type,admin1_geonames, territory_iso2,territory_iso3,
                                                territory_name, locality_name,locality_geonameid,
                                                locality_population,locality_distance_km,locality_bearing,
                                                locality_direction, timezone to every CSV row (stdout); --fields
                                                keeps some (country: the first five);
                                                COL is a header name or a column number from 1; a record over
                                                N bytes (default 16777216) stops the run, exit 1, naming its line;
                                                --forward: --match code (ISO codes only) or name, --min-score X
                                                leaves a row whose best score is below X empty
          geocoder index --output FILE [--data PATH]
                                                write the binary index of the data file to FILE (what
                                                scripts/build-wasm compiles into geocoder.wasm)
          geocoder cache path|list|clear        the index cache folder; its indexes (size, age, data file);
                                                remove them (only this user's index files)
          geocoder --generate man|bash|zsh|fish the man page or a completion script (from OPTIONS below)
          geocoder --help | --version

        The query commands print the JSON result the RPC method returns, on one line; --format csv or tsv
        prints a header and one row per result instead (nested members as admin1_name, ...).
        Negative numbers are values: geocoder reverse -9.07 125.1

        RPC METHODS (params by name, or by position in this order)
          reverseGeocode  {lat, lon, maxDistanceKm?, fields?}   [lat, lon]; the rest only by name
                          fields: any of "country", "admin1", "territory", "locality", "timezone" (default: all)
          forwardGeocode  {query, limit?, lang?, countryCodes?, kinds?, match?}   [query] or [query, limit]
          countriesInBBox {minLat, minLon, maxLat, maxLon}  [minLat, minLon, maxLat, maxLon]
          reverseGeocodeMany {points: [[lat, lon], …], maxDistanceKm?, fields?}   [points]
          nearby          {lat, lon, radiusM?, limit?, layers?, geometry?}   [lat, lon]; the layers of --layer (serve)
          nearbyMany      {points: [[lat, lon], …], radiusM?, limit?, layers?, geometry?}   [points]
          whereAmI        {lat, lon, heading?, previousRoad?, roadLayer?, poiLayer?}   [lat, lon]
          whereAmIMany    {points: [{lat, lon, heading?}, …], previousRoad?, roadLayer?, poiLayer?}   [points]
          rpc.discover    (no params)                       the OpenRPC document (rpc-schema/openrpc.json)

        LIMITS (serve; each breach gets one error reply naming the limit, then serving goes on)
          --max-line-bytes N    longest line, bytes before its newline (default 16777216); a longer
                                line gets one -32700 error (with its id if the id came first) and is
                                skipped unread
          --max-depth N         deepest nesting of arrays/objects (default 64, at most 4096), -32700
          --max-batch N         most requests in one batch (default 10000); each request of a larger
                                batch gets -32600 with its id
          --max-string-bytes N  longest string or key, bytes as written (default 65536), -32700
          --max-number-chars N  longest number literal (default 1000), -32700
          --max-work N          most estimated work per line, about 1 µs each (default 10000000); calls
                                past it, in line order, get -32600 with their id and are not run
          --max-values N        most JSON values in one request read as a tree (default 1000000),
                                -32600 with its id; plain reverseGeocode(Many) requests are not counted

        DATA FILE (first found)
          --data PATH; $GEOCODER_DATA; <executable dir>/../share/geocoder/ne_10m_admin_0_countries.geojson;
          Data/ne_10m_admin_0_countries.geojson in a folder above the executable; ./Data/...
          Forward search also reads country-names.tsv, admin1.tsv and cities.tsv from the GeoJSON's folder,
          else from those places; --no-places leaves out the cities and admin-1 divisions.
          Placemarks read admin1-polygons.geojson and timezones.geojson the same way; a server says once
          on stderr which it did not find (its answers lack those members); --no-layers reads neither.
          --max-data-bytes N: the largest data file or name table read (default 1073741824); each must be
          a regular file.

        USER LAYERS (serve, nearby, where, reverse, csv)
          --layer NAME=PATH (repeatable): a GeoJSON file of points, lines and polygons that nearby searches;
          --layer-name-key KEY: the property holding a feature's name (default "name"). Built at start-up.
          reverse and csv (lat/lon) add each layer's nearest feature within --layer-radius M (default 500):
          JSON a member "nearby": {NAME: hit or null}; csv/tsv columns NAME_name,NAME_distanceM,NAME_direction.

        INDEX CACHE
          A binary index built from the data file is kept in $GEOCODER_CACHE_DIR, else $XDG_CACHE_HOME/geocoder,
          else ~/.cache/geocoder (a folder only you can write), and rebuilt when a data file changes.
          Storing an index removes the indexes of data files that no longer exist.
          --no-cache or GEOCODER_NO_CACHE=1: off.

        EXIT STATUS
          0 success: end of input, or the client closed stdout (the server then exits quietly)
          1 data file or I/O error, 2 bad arguments
          128+N after signal N (SIGHUP, SIGINT, SIGTERM): the line being answered is finished, every
                reply already computed is written, lines not yet started get no reply

        """
}
