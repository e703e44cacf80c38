#ifndef GEOCODER_DATA_H
#define GEOCODER_DATA_H

/// The server's binary index (`geocoder index --output FILE`), compiled into the WebAssembly module so
/// that it needs no preopened directory and starts without parsing GeoJSON. Native builds embed nothing:
/// both functions return 0 there, and the native binary reads Data/ (or its index cache) from disk.

/// First byte of the embedded index, aligned to 16 bytes, or a null pointer when nothing is embedded.
const unsigned char *geocoder_data_bytes(void);

/// Size of the embedded index in bytes; 0 when nothing is embedded.
unsigned long geocoder_data_count(void);

#endif
