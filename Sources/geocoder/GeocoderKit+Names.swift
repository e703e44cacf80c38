import GeocoderKit

// The loading code this executable shares with library users lives in GeocoderKit. These names make its
// types visible to every file here, also to files that import only GeoCore (UserLayers.swift).
typealias DataLocator = GeocoderKit.DataLocator
typealias IndexCache = GeocoderKit.IndexCache
typealias RegularFile = GeocoderKit.RegularFile
typealias TemporaryFile = GeocoderKit.TemporaryFile
typealias FileSink = GeocoderKit.FileSink
