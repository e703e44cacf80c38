import Foundation
import Testing
@testable import GeoCore

/// Decimal-to-double conversion must be correctly rounded: checked against Python's `float()` over the
/// generated fixture (`Fixtures/make_numbers.py`), and on hand-picked cases with known answers.
@Suite("Number conversion")
struct JSONNumberConversionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let literal: String
        let bits: UInt64
        var testDescription: String { literal.count > 40 ? String(literal.prefix(40)) + "..." : literal }
    }

    static func fixture() -> [Case]? {
        let url = JSONTestFiles.jsonFixtures.appendingPathComponent("numbers.txt")
        guard let bytes = JSONTestFiles.bytes(url) else { return nil }
        var cases: [Case] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let bits = UInt64(parts[1], radix: 16) else { return nil }
            cases.append(Case(literal: String(parts[0]), bits: bits))
        }
        return cases
    }

    /// Parses a literal both through the tree reader and through the scanner's `readDouble`.
    static func convert(_ literal: String) throws(JSONError) -> (tree: JSONNumber, scanned: Double) {
        let bytes = Array(literal.utf8)
        guard case .number(let number) = try JSONReader.parse(bytes) else {
            throw JSONError.invalidNumber(offset: 0)
        }
        let scanned = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> Double in
            var scanner = JSONScanner(buffer)
            return try scanner.readDouble()
        }
        return (number, scanned)
    }

    @Test("all fixture literals (>= 20,000) convert to the bit pattern Python's float() gives")
    func fixtureMatchesPython() throws {
        let cases = try #require(Self.fixture(), "Fixtures/numbers.txt missing or malformed")
        #expect(cases.count >= 20_000)
        var failures = 0
        for testCase in cases {
            do throws(JSONError) {
                let (tree, scanned) = try Self.convert(testCase.literal)
                if tree.value.bitPattern != testCase.bits || scanned.bitPattern != testCase.bits {
                    failures += 1
                    if failures <= 20 {
                        Issue.record("""
                            \(testCase.testDescription): expected \(String(testCase.bits, radix: 16)), \
                            got \(String(tree.value.bitPattern, radix: 16))
                            """)
                    }
                }
                #expect(tree.text == testCase.literal)
            } catch {
                failures += 1
                Issue.record("\(testCase.testDescription) rejected: \(error.message)")
            }
        }
        #expect(failures == 0)
    }

    static let knownCases: [Case] = [
        Case(literal: "0", bits: 0),
        Case(literal: "-0", bits: 0x8000_0000_0000_0000),
        Case(literal: "1", bits: 0x3FF0_0000_0000_0000),
        Case(literal: "0.1", bits: 0x3FB9_9999_9999_999A),
        Case(literal: "9007199254740993", bits: 0x4340_0000_0000_0000),  // 2^53 + 1: tie, to even (2^53)
        Case(literal: "9007199254740995", bits: 0x4340_0000_0000_0002),  // tie, to even (2^53 + 4)
        Case(literal: "9007199254740993.0000000000000000000001", bits: 0x4340_0000_0000_0001),
        Case(literal: "1.7976931348623157e308", bits: 0x7FEF_FFFF_FFFF_FFFF),
        Case(literal: "1.7976931348623159e308", bits: 0x7FF0_0000_0000_0000),  // overflows: +infinity
        Case(literal: "-1e400", bits: 0xFFF0_0000_0000_0000),
        Case(literal: "5e-324", bits: 1),
        Case(literal: "2.4703282292062327e-324", bits: 0),  // just below half the smallest subnormal
        Case(literal: "2.4703282292062328e-324", bits: 1),  // just above it
        Case(literal: "2.2250738585072011e-308", bits: 0x000F_FFFF_FFFF_FFFF),  // largest subnormal
        Case(literal: "2.2250738585072014e-308", bits: 0x0010_0000_0000_0000),  // smallest normal
        Case(literal: "1e-400", bits: 0),
        Case(literal: "1e100000000000000000000", bits: 0x7FF0_0000_0000_0000),
        Case(literal: "0.0e99999999999999999999", bits: 0),
    ]

    @Test("known values, including ties, overflow and underflow", arguments: knownCases)
    func knownValues(_ testCase: Case) throws {
        let (tree, scanned) = try Self.convert(testCase.literal)
        #expect(tree.value.bitPattern == testCase.bits)
        #expect(scanned.bitPattern == testCase.bits)
    }

    @Test("a 1,000-digit mantissa one digit past a tie rounds up; the tie itself rounds to even")
    func longMantissaNearTie() throws {
        // 2^53 + 1 is halfway between 2^53 and 2^53 + 2.
        let tie = "9007199254740993." + String(repeating: "0", count: 1000)
        #expect(try Self.convert(tie).tree.value == 9_007_199_254_740_992)
        #expect(try Self.convert(tie + "1").tree.value == 9_007_199_254_740_994)
    }

    @Test("JSONNumber(parsing:) accepts exactly one literal",
          arguments: [("12.5", 12.5 as Double?), ("-0.25e1", -2.5), (" 1", nil), ("1 ", nil), ("01", nil),
                      ("+1", nil), ("1.", nil), (".5", nil), ("", nil), ("NaN", nil), ("1e", nil)])
    func parsingInitializer(_ text: String, _ expected: Double?) {
        #expect(JSONNumber(parsing: text)?.value == expected)
    }

    @Test("the power-of-five table matches exact big-integer arithmetic, and so does its exponent formula")
    func powersOfFiveTable() {
        for q in PowersOfFive.minExponent...PowersOfFive.maxExponent {
            var power = BigUInt(1)
            power.multiply(byPowerOfFive: abs(q))
            let width = power.bitWidth
            var entry: BigUInt
            if q >= 0 {
                entry = power
                if width > 128 { entry.shiftRight(width - 128) } else { entry.shiftLeft(128 - width) }
                #expect((q * 152_170) >> 16 == width - 1, "floor(q log2 5) for q = \(q)")
            } else {
                // ceil(2^(127 + width) / 5^-q) by long division.
                var numerator = BigUInt(1)
                numerator.shiftLeft(127 + width)
                entry = BigUInt(0)
                var divisor = power
                divisor.shiftLeft(128)
                for _ in 0...128 {
                    entry.shiftLeft(1)
                    if numerator >= divisor {
                        numerator.subtract(divisor)
                        entry.multiply(by: 1, adding: 1)
                    }
                    divisor.shiftRight(1)
                }
                if !numerator.isZero { entry.multiply(by: 1, adding: 1) }
                #expect((q * 152_170) >> 16 == -width, "floor(q log2 5) for q = \(q)")
            }
            let index = (q - PowersOfFive.minExponent) * 2
            #expect(entry.limb(1) == PowersOfFive.table[index] && entry.limb(0) == PowersOfFive.table[index + 1],
                    "table entry for 5^\(q)")
        }
    }
}
