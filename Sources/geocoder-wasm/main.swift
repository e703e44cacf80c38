// The WebAssembly (WASI command) build of the geocoder: the same JSON-RPC server on stdin/stdout, with
// the dataset's binary index compiled into the module. `scripts/build-wasm` builds it with Embedded Swift; a native
// `swift build` compiles only a stub that says so, so the package builds without wasi-libc.
#if hasFeature(Embedded) && arch(wasm32)
// Returning from main ends a WASI command with status 0 without calling proc_exit; see WASIServer.exit.
let status = WASIServer.main()
if status != 0 { WASIServer.exit(status) }
#else
NativeStub.main()
#endif
