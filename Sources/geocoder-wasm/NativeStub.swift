#if !(hasFeature(Embedded) && arch(wasm32))
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a native build of this target does: explain and stop.
///
/// The target exists for `scripts/build-wasm`; natively it would be a second, data-less geocoder, so it
/// refuses to run rather than look like one. Status 2 is the usage-error status of `geocoder`.
enum NativeStub {
    static func main() -> Never {
        let message = "geocoder-wasm: this is the WebAssembly entry point; build it with scripts/build-wasm"
            + " and run geocoder.wasm in a WASI runtime (the native server is 'geocoder')\n"
        _ = Array(message.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(2)
    }
}
#endif
