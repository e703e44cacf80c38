import Foundation
import Testing
@testable import GeoCore

/// Nicolas Seriot's JSONTestSuite (`test_parsing/`): y_ files must parse, n_ files must fail, and the
/// implementation-defined i_ files must not crash and must keep the behaviour recorded below.
@Suite("JSONTestSuite conformance")
struct JSONTestSuiteTests {
    static let directory = JSONTestFiles.conformance.appendingPathComponent("JSONTestSuite/test_parsing")

    /// What we do with each implementation-defined file (true = accepted), and why.
    static let implementationDefined: [String: Bool] = [
        // Numbers beyond the Double range are valid JSON: they read as ±infinity or (signed) zero.
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true,
        "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true,
        "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        // Lone or mismatched surrogate escapes are rejected (no silent U+FFFD replacement).
        "i_object_key_lone_2nd_surrogate.json": false,
        "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false,
        "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false,
        "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false,
        "i_string_lone_second_surrogate.json": false,
        // Input must be well-formed UTF-8: other encodings, overlong forms and encoded surrogates fail.
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        // 500 levels is within the default limit of 512.
        "i_structure_500_nested_arrays.json": true,
        // RFC 8259 forbids adding a BOM and only allows ignoring it; we do not.
        "i_structure_UTF-8_BOM_empty_object.json": false,
    ]

    static func corpus() -> [URL]? {
        JSONTestFiles.files(in: directory)?.filter { $0.pathExtension == "json" }
    }

    static func accepts(_ bytes: [UInt8]) -> Result<JSONValue, JSONError> {
        do throws(JSONError) {
            return .success(try JSONReader.parse(bytes))
        } catch {
            return .failure(error)
        }
    }

    @Test("the corpus is present and complete (95 y_, 188 n_, 35 i_)")
    func corpusIsPresent() throws {
        let files = try #require(Self.corpus(), "JSONTestSuite not found at \(Self.directory.path)")
        let names = files.map(\.lastPathComponent)
        #expect(names.filter { $0.hasPrefix("y_") }.count == 95)
        #expect(names.filter { $0.hasPrefix("n_") }.count == 188)
        #expect(names.filter { $0.hasPrefix("i_") }.count == 35)
    }

    @Test("every y_ file is accepted")
    func acceptsValid() throws {
        let files = try #require(Self.corpus(), "JSONTestSuite not found at \(Self.directory.path)")
        for url in files where url.lastPathComponent.hasPrefix("y_") {
            let bytes = try #require(JSONTestFiles.bytes(url))
            if case .failure(let error) = Self.accepts(bytes) {
                Issue.record("\(url.lastPathComponent) rejected: \(error.message)")
            }
        }
    }

    @Test("every n_ file is rejected, with an offset inside the input")
    func rejectsInvalid() throws {
        let files = try #require(Self.corpus(), "JSONTestSuite not found at \(Self.directory.path)")
        for url in files where url.lastPathComponent.hasPrefix("n_") {
            let bytes = try #require(JSONTestFiles.bytes(url))
            switch Self.accepts(bytes) {
            case .success:
                Issue.record("\(url.lastPathComponent) accepted")
            case .failure(let error):
                #expect(error.offset >= 0 && error.offset <= bytes.count, "\(url.lastPathComponent)")
            }
        }
    }

    @Test("every i_ file keeps its recorded behaviour")
    func implementationDefinedBehaviour() throws {
        let files = try #require(Self.corpus(), "JSONTestSuite not found at \(Self.directory.path)")
        let names = files.map(\.lastPathComponent).filter { $0.hasPrefix("i_") }
        #expect(Set(names) == Set(Self.implementationDefined.keys))
        for url in files where url.lastPathComponent.hasPrefix("i_") {
            let bytes = try #require(JSONTestFiles.bytes(url))
            let accepted = if case .success = Self.accepts(bytes) { true } else { false }
            #expect(accepted == Self.implementationDefined[url.lastPathComponent], "\(url.lastPathComponent)")
        }
    }

    @Test("100000 opening brackets give a depth error at the 513th bracket, not a crash")
    func deepNestingIsAnError() throws {
        let url = Self.directory.appendingPathComponent("n_structure_100000_opening_arrays.json")
        let bytes = try #require(JSONTestFiles.bytes(url), "missing \(url.path)")
        #expect(throws: JSONError.depthLimitExceeded(offset: 512)) { try JSONReader.parse(bytes) }
    }
}
