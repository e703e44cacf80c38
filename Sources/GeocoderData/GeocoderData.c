#include "GeocoderData.h"

// The dataset goes into the wasm module's data section with C23 #embed: clang reads the file straight
// into the object (0.1 s, 150 MB of memory for 21 MB), with no generated source and no build plugin.
// The path is relative to this file, so it holds for any SwiftPM scratch directory. A generated
// `{123,34,...}` array of the same data takes clang 33 s and 2.3 GB; see BENCHMARKS.md.
// Only the wasm32 build embeds: the native build stays small and fast and needs no copy of the data.
#if defined(__wasm__)

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char dataset[] = {
#embed "../../Data/ne_10m_admin_0_countries.geojson"
};
#pragma clang diagnostic pop

const unsigned char *geocoder_data_bytes(void) { return dataset; }
unsigned long geocoder_data_count(void) { return sizeof dataset; }

#else

const unsigned char *geocoder_data_bytes(void) { return 0; }
unsigned long geocoder_data_count(void) { return 0; }

#endif
