#if hasFeature(Embedded) && arch(wasm32)
// WASI's own argument calls, wrapped by wasi-libc (the sizes are wasm32's 32-bit size_t, Swift's Int here).
@_extern(c, "__wasi_args_sizes_get")
func wasi_args_sizes_get(_ count: UnsafeMutablePointer<Int>, _ bytes: UnsafeMutablePointer<Int>) -> UInt16
@_extern(c, "__wasi_args_get")
func wasi_args_get(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, _ buffer: UnsafeMutablePointer<UInt8>) -> UInt16

/// The module's command line: `geocoder.wasm [serve] [--layer NAME=PATH]... [--layer-name-key KEY]`.
///
/// The module is always the server, so `serve` may be left out; only the options that make sense without
/// files of its own are taken: the user's layers, which the host must make readable by pre-opening their
/// folder (`wasmtime run --dir=DIR`, `wasmkit run --dir DIR`, node's `preopens`). Spelled and checked as
/// the native `geocoder serve` does (`--layer NAME=PATH` or `--layer=NAME=PATH`, names distinct and
/// non-empty), with the same messages.
struct WASIArguments {
    /// One `--layer` argument, split at its first `=`.
    struct Layer {
        var name: String
        var path: String
    }

    var layers: [Layer] = []
    var nameKey = "name"

    /// A message for the one line on stderr; the caller exits with status 2, the native usage status.
    struct UsageError: Error {
        var message: String
    }

    /// The arguments the host passed, argv[0] left out.
    static func fromHost() -> [String] {
        var count = 0, bytes = 0
        guard wasi_args_sizes_get(&count, &bytes) == 0, count > 1 else { return [] }
        var pointers = [UnsafeMutablePointer<UInt8>?](repeating: nil, count: count)
        var buffer = [UInt8](repeating: 0, count: bytes + 1)
        let ok = pointers.withUnsafeMutableBufferPointer { argv in
            buffer.withUnsafeMutableBufferPointer { wasi_args_get(argv.baseAddress!, $0.baseAddress!) == 0 }
        }
        guard ok else { return [] }
        // Each argument is a NUL-terminated string in `buffer`, in order.
        var arguments: [String] = []
        var start = 0
        for k in 0..<bytes where buffer[k] == 0 {
            arguments.append(String(decoding: buffer[start..<k], as: UTF8.self))
            start = k + 1
        }
        return Array(arguments.dropFirst())
    }

    /// Parses the arguments after argv[0].
    /// - Throws: `UsageError` for anything but `serve`, `--layer` and `--layer-name-key`, or a bad `--layer`.
    static func parse(_ arguments: [String]) throws(UsageError) -> WASIArguments {
        var parsed = WASIArguments()
        var index = 0
        if arguments.first == "serve" { index = 1 }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard name == "--layer" || name == "--layer-name-key" else {
                throw UsageError(message: "unknown option '\(argument)' (geocoder.wasm takes only [serve] --layer NAME=PATH"
                                 + " and --layer-name-key KEY)")
            }
            if value == nil {
                guard index < arguments.count else { throw UsageError(message: "\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            if name == "--layer-name-key" {
                parsed.nameKey = value ?? ""
            } else {
                try parsed.addLayer(value ?? "")
            }
        }
        return parsed
    }

    /// Adds one `NAME=PATH`; the name must be non-empty and not given before.
    mutating func addLayer(_ argument: String) throws(UsageError) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw UsageError(message: "--layer needs NAME=PATH, got '\(argument)'")
        }
        let name = String(argument[..<equals]), path = String(argument[argument.index(after: equals)...])
        guard !name.isEmpty, !path.isEmpty else {
            throw UsageError(message: "--layer needs NAME=PATH, got '\(argument)'")
        }
        guard !layers.contains(where: { $0.name == name }) else {
            throw UsageError(message: "--layer: the name '\(name)' is given twice")
        }
        layers.append(Layer(name: name, path: path))
    }
}
#endif
