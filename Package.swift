// swift-tools-version:6.0
import PackageDescription

// No dependencies, by design: the core must build offline and under Embedded Swift for wasm32.
let package = Package(
    name: "geocoder",
    products: [
        .library(name: "GeoCore", targets: ["GeoCore"]),
        .library(name: "GeoRPC", targets: ["GeoRPC"]),
        .executable(name: "geocoder", targets: ["geocoder"]),
        .executable(name: "geocoder-bench", targets: ["geocoder-bench"]),
    ],
    targets: [
        // Imports nothing, not even Foundation: JSON, GeoJSON, geometry, the index, the gazetteer.
        .target(name: "GeoCore"),
        // Imports only GeoCore: JSON-RPC 2.0 framing, decoding, dispatch and the method handlers.
        .target(name: "GeoRPC", dependencies: ["GeoCore"]),
        // The only code that touches the OS: command line, stdio loop, files.
        .executableTarget(name: "geocoder", dependencies: ["GeoCore", "GeoRPC"]),
        // Speed figures and the exactness check over millions of points (BENCHMARKS.md, "Speed (issue 4)").
        .executableTarget(name: "geocoder-bench", dependencies: ["GeoCore"]),
        .testTarget(
            name: "GeoCoreTests", dependencies: ["GeoCore"],
            // Fixtures are read from disk through #filePath, not bundled as resources.
            exclude: ["Geometry/Fixtures", "JSON/Fixtures", "GeoJSON/Fixtures"]),
        .testTarget(name: "GeoRPCTests", dependencies: ["GeoRPC", "GeoCore"], exclude: ["Fixtures"]),
    ]
)
