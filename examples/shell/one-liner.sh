#!/bin/sh
# Shell one-liners. GEOCODER defaults to `geocoder` on PATH (set it to .build/release/geocoder in a checkout).
GEOCODER=${GEOCODER:-geocoder}

# Which country is this point in? (one JSON-RPC request on stdin, the ISO code out with jq)
echo '{"jsonrpc":"2.0","method":"reverseGeocode","params":[-9.076393,125.110543],"id":1}' | "$GEOCODER" | jq -r '.result.iso2'

# The same without jq, through the command line:
"$GEOCODER" reverse 36.1408 -5.3536
