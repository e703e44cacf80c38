#ifndef GEOCODER_DATA_H
#define GEOCODER_DATA_H

/// The bundled Natural Earth GeoJSON, compiled into the WebAssembly module so that it needs no
/// preopened directory. Native builds embed nothing: both functions return 0 there, and the native
/// binary reads Data/ from disk as before.

/// First byte of the embedded dataset, or a null pointer when nothing is embedded.
const unsigned char *geocoder_data_bytes(void);

/// Size of the embedded dataset in bytes; 0 when nothing is embedded.
unsigned long geocoder_data_count(void);

#endif
