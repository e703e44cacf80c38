#include "GeocoderData.h"

// The server's binary index goes into the wasm module's data section with C23 #embed: clang reads the
// file straight into the object (0.1 s for 20 MB), with no generated source and no build plugin, and
// lists it in the object's dependencies, so SwiftPM recompiles this file when the index changes.
// scripts/build-wasm writes the index with the native `geocoder index` and passes its absolute path as
// GEOCODER_INDEX_FILE (a quoted string). Only the wasm32 build embeds: the native build stays small.
#if defined(__wasm__)

#if !defined(GEOCODER_INDEX_FILE)
#error "no binary index to embed: build geocoder.wasm with scripts/build-wasm, which writes it and sets GEOCODER_INDEX_FILE"
#elif !__has_embed(GEOCODER_INDEX_FILE)
#error "GEOCODER_INDEX_FILE names no readable file: run scripts/build-wasm, which writes it with 'geocoder index'"
#else

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
// Aligned like the index's own tables (8-byte values at 8-byte offsets in the file), so the gazetteer's
// tables are views into this array: nothing is copied at start-up.
static const unsigned char dataset[] __attribute__((aligned(16))) = {
#embed GEOCODER_INDEX_FILE
};
#pragma clang diagnostic pop

const unsigned char *geocoder_data_bytes(void) { return dataset; }
unsigned long geocoder_data_count(void) { return sizeof dataset; }

#endif

#else

const unsigned char *geocoder_data_bytes(void) { return 0; }
unsigned long geocoder_data_count(void) { return 0; }

#endif
