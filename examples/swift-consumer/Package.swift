// swift-tools-version:6.0
// A Swift package that uses the geocoder as a library, the way any other package would: by URL.
// scripts/test-swift-consumer copies it to a temporary folder, builds it against the commit under test
// and checks what it prints.
import PackageDescription

// GEOCODER_PACKAGE_URL: where to get the geocoder package; by default this checkout (two folders up), as
// a file:// URL. GEOCODER_PACKAGE_REVISION: the commit to use; by default the branch "main". The test
// script sets both (the URL of the checkout and `git rev-parse HEAD`), so it builds exactly the commit it
// tests: SwiftPM clones the URL, so uncommitted changes are never part of the build either way.
let environment = Context.environment
let url = environment["GEOCODER_PACKAGE_URL"] ?? {
    var parts = Context.packageDirectory.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)  // examples/swift-consumer
    return "file://" + parts.joined(separator: "/")
}()
let geocoder: Package.Dependency = if let revision = environment["GEOCODER_PACKAGE_REVISION"] {
    .package(url: url, revision: revision)
} else {
    .package(url: url, branch: "main")
}
// SwiftPM names a URL dependency after the URL's last path component, whatever the folder is called.
var identity = String(url.split(separator: "/").last ?? "geocoder").lowercased()
if identity.hasSuffix(".git") { identity.removeLast(4) }

let package = Package(
    name: "swift-consumer",
    dependencies: [geocoder],
    targets: [
        .executableTarget(name: "swift-consumer", dependencies: [.product(name: "GeocoderKit", package: identity)]),
    ]
)
