#if canImport(Glibc)
/// glibc's `int mallopt(int param, int value)` (<malloc.h>).
@_silgen_name("mallopt")
private func geocoderMallopt(_ param: Int32, _ value: Int32) -> Int32
#endif

/// glibc's malloc serves a request of at least `M_MMAP_THRESHOLD` bytes with a mapping of its own, which
/// `free` returns to the system at once; smaller ones come from the heap, which keeps what is freed. The
/// threshold starts at 128 KiB but grows to the size of each such block freed (up to 32 MiB), so after the
/// first start frees the name index builder's arrays (tens of MB), later big arrays of the build stay in
/// the heap when freed, and the process's peak grows by them. Fixing the threshold (which also turns off
/// its growth) keeps every big array a mapping of its own, given back when freed: a first start without
/// an index cache peaked at 191 MB, 33 MB of it freed arrays (BENCHMARKS.md, "First start: peak memory").
/// Native executable only: GeoCore imports nothing, and musl and the wasm build have no `mallopt`.
enum MallocThreshold {
    static let bytes: Int32 = 128 * 1024
    /// `M_MMAP_THRESHOLD` of <malloc.h>, which the Glibc module does not include.
    static let mmapThreshold: Int32 = -3

    /// `M_TRIM_THRESHOLD` of <malloc.h>.
    static let trimThreshold: Int32 = -1
    /// The largest threshold glibc takes on 64 bits (half its heap size), where its own growth stops.
    static let servingBytes: Int32 = 32 * 1024 * 1024

    /// Sets the threshold; call before the first big allocation.
    static func fix() {
        #if canImport(Glibc)
        _ = geocoderMallopt(mmapThreshold, bytes)
        #endif
    }

    /// Once the indexes are loaded (and built): the threshold glibc would have grown to, and a heap top
    /// kept up to twice that, as its growth would set them. Big replies (a reverseGeocodeMany of 100,000
    /// points is tens of MB of JSON, its buffer doubled as it grows) then reuse the heap; with the 128 KiB
    /// threshold each growth was a fresh mapping and each free a trim of the heap, and such a request took
    /// a fifth more CPU (BENCHMARKS.md).
    static func serving() {
        #if canImport(Glibc)
        _ = geocoderMallopt(mmapThreshold, servingBytes)
        _ = geocoderMallopt(trimThreshold, 2 * servingBytes)
        #endif
    }
}
