// swift-tools-version:6.0
import PackageDescription

// No dependencies, by design: the core must build offline and under Embedded Swift for wasm32.
let package = Package(
    name: "geocoder",
    products: [
        .library(name: "GeoCore", targets: ["GeoCore"]),
        .library(name: "GeoRPC", targets: ["GeoRPC"]),
        .library(name: "GeoCSV", targets: ["GeoCSV"]),
        // The entry point for Swift programs: `Geocoder` (README, "Use from Swift").
        .library(name: "GeocoderKit", targets: ["GeocoderKit"]),
        .executable(name: "geocoder", targets: ["geocoder"]),
        .executable(name: "geocoder-bench", targets: ["geocoder-bench"]),
        // libFuzzer targets (scripts/fuzz); a plain build replays the files given as arguments.
        .executable(name: "fuzz-json", targets: ["FuzzJSON"]),
        .executable(name: "fuzz-geojson", targets: ["FuzzGeoJSON"]),
        .executable(name: "fuzz-rpc", targets: ["FuzzRPC"]),
        .executable(name: "fuzz-index", targets: ["FuzzIndex"]),
    ],
    targets: [
        // Imports nothing, not even Foundation: JSON, GeoJSON, geometry, the index, the gazetteer.
        .target(name: "GeoCore"),
        // Imports only GeoCore: JSON-RPC 2.0 framing, decoding, dispatch and the method handlers.
        .target(name: "GeoRPC", dependencies: ["GeoCore"]),
        // Imports only GeoCore: streaming RFC 4180 CSV in, the same CSV with geocoded columns out.
        .target(name: "GeoCSV", dependencies: ["GeoCore"]),
        // Loading from the OS, shared by the executable and library users: the data files found and read, the
        // binary index cache with its checks and housekeeping, and `Geocoder`, the entry point for Swift
        // programs. Native only: geocoder-wasm does not depend on it.
        .target(name: "GeocoderKit", dependencies: ["GeoCore", "GeoRPC"]),
        // The command line, stdio loop and output; the files and the cache through GeocoderKit.
        .executableTarget(
            name: "geocoder", dependencies: ["GeoCore", "GeoRPC", "GeoCSV", "GeocoderKit"],
            // The Swift runtime linked in (release, Linux): no shared libswiftCore & co. to map and relocate at
            // start-up, about 2 MB less resident memory and a faster first answer (BENCHMARKS.md, issue 4d).
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]),
        // The binary index for the WebAssembly build (written by `geocoder index` in scripts/build-wasm), compiled
        // into the module with C23 #embed. Embeds nothing natively.
        .target(name: "GeocoderData"),
        // The WASI entry point, built by scripts/build-wasm with Embedded Swift. Natively a stub that exits 2.
        .executableTarget(name: "geocoder-wasm", dependencies: ["GeoCore", "GeoRPC", "GeocoderData"]),
        // Speed figures and the exactness check over millions of points (BENCHMARKS.md, "Speed (issue 4)").
        .executableTarget(name: "geocoder-bench", dependencies: ["GeoCore"]),
        // Fuzz targets, built with --sanitize=fuzzer by scripts/fuzz; see Sources/FuzzSupport.
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", "GeoCore"]),
        .executableTarget(name: "FuzzGeoJSON", dependencies: ["FuzzSupport", "GeoCore"]),
        .executableTarget(name: "FuzzRPC", dependencies: ["FuzzSupport", "GeoCore", "GeoRPC"]),
        .executableTarget(name: "FuzzIndex", dependencies: ["FuzzSupport", "GeoCore"]),
        .testTarget(
            name: "GeoCoreTests", dependencies: ["GeoCore"],
            // Fixtures are read from disk through #filePath, not bundled as resources.
            exclude: ["Geometry/Fixtures", "JSON/Fixtures", "GeoJSON/Fixtures"]),
        .testTarget(name: "GeoRPCTests", dependencies: ["GeoRPC", "GeoCore"], exclude: ["Fixtures"]),
        .testTarget(name: "GeoCSVTests", dependencies: ["GeoCSV", "GeoCore"]),
        .testTarget(name: "GeocoderKitTests", dependencies: ["GeocoderKit", "GeoCore"]),
    ]
)
