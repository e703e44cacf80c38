import GeoCore

/// `--format csv|tsv`: the JSON results of the query commands as a table.
///
/// Each result object is one row; an array of results (forward, bbox) is one row per element; a null
/// (a point at sea) is a row of empty cells. Nested objects become prefixed columns (`admin1.name` →
/// `admin1_name`, the names `geocoder csv --fields` uses), arrays become their elements joined by `;`.
/// The columns are given up front (`reverse`: ``reverseColumns(for:)``) or else the first row's; a later
/// row's missing members are empty cells and its extra members are left out, so every row has the header's width. Rows before the first object are held back
/// until it gives the header (or the end does).
struct ResultTable {
    let format: OutputFormat
    /// Columns written before the result's (`lat`, `lon` for `reverse`), with one cell each per row.
    let inputColumns: [String]
    /// Columns written after the result's (`--layer`'s `<layer>_name`, … for `reverse`; `ReverseLayers`).
    let trailingColumns: [String]
    private var columns: [String]?
    /// Input and trailing cells of rows without a result, seen before the header was known.
    private var held: [(inputs: [String], trailing: [String])] = []

    /// - Parameter columns: the result columns when they are known before any answer (``reverseColumns(for:)``);
    ///   nil takes them from the first object.
    init(format: OutputFormat, inputColumns: [String] = [], columns: [String]? = nil, trailingColumns: [String] = []) {
        self.format = format
        self.inputColumns = inputColumns
        self.fixedColumns = columns
        self.trailingColumns = trailingColumns
    }

    /// Columns given up front, written as the header before the first row.
    private let fixedColumns: [String]?

    /// Writes the fixed header, once, before the first row.
    private mutating func startFixed(into out: inout [UInt8]) {
        guard columns == nil, let fixedColumns else { return }
        columns = fixedColumns
        writeRow(inputColumns + fixedColumns + trailingColumns, into: &out)
    }

    /// Appends the rows for `result` (the bytes a method wrote) to `out`; `trailing` has one cell per
    /// trailing column (none without).
    mutating func add(result: [UInt8], inputs: [String] = [], trailing: [String] = [], into out: inout [UInt8]) {
        startFixed(into: &out)
        let value = (try? JSONReader.parse(result)) ?? .null
        var rows: [[(String, String)]] = []
        switch value {
        case .array(let elements):
            for element in elements { rows.append(Self.flatten(element)) }
        case .null:
            addEmpty(inputs: inputs, trailing: trailing, into: &out)
            return
        default:
            rows.append(Self.flatten(value))
        }
        for row in rows {
            if columns == nil {
                columns = row.map(\.0)
                writeRow(inputColumns + columns! + trailingColumns, into: &out)
                for row in held {
                    writeRow(row.inputs + Array(repeating: "", count: columns!.count) + row.trailing, into: &out)
                }
                held = []
            }
            let cells = columns!.map { name in row.first { $0.0 == name }?.1 ?? "" }
            writeRow(inputs + cells + trailing, into: &out)
        }
    }

    /// A row with the input cells and no result (a point at sea, or a line that is not a point).
    mutating func addEmpty(inputs: [String], trailing: [String] = [], into out: inout [UInt8]) {
        startFixed(into: &out)
        let trailing = trailing.isEmpty ? Array(repeating: "", count: trailingColumns.count) : trailing
        if let columns {
            writeRow(inputs + Array(repeating: "", count: columns.count) + trailing, into: &out)
        } else {
            held.append((inputs, trailing))
        }
    }

    /// Writes the header and held rows when no result ever gave columns.
    mutating func finish(into out: inout [UInt8]) {
        startFixed(into: &out)
        guard columns == nil else { return }
        columns = []
        writeRow(inputColumns + trailingColumns, into: &out)
        for row in held { writeRow(row.inputs + row.trailing, into: &out) }
        held = []
    }

    private func writeRow(_ cells: [String], into out: inout [UInt8]) {
        guard !cells.isEmpty else { return }
        for (k, cell) in cells.enumerated() {
            if k > 0 { out.append(format == .tsv ? 0x09 : 0x2C) }
            out += format == .tsv ? Self.tsvCell(cell) : Self.csvCell(cell)
        }
        out.append(0x0A)
    }

    /// RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled.
    static func csvCell(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return bytes }
        var quoted: [UInt8] = [0x22]
        for byte in bytes {
            if byte == 0x22 { quoted.append(0x22) }
            quoted.append(byte)
        }
        quoted.append(0x22)
        return quoted
    }

    /// TSV has no quoting: tabs and line breaks in a cell become spaces.
    static func tsvCell(_ text: String) -> [UInt8] {
        Array(text.utf8).map { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }

    /// The (column, cell) pairs of one result.
    static func flatten(_ value: JSONValue, prefix: String = "") -> [(String, String)] {
        guard case .object(let object) = value else { return [(prefix.isEmpty ? "value" : prefix, cell(value))] }
        var pairs: [(String, String)] = []
        for member in object.members {
            let name = prefix.isEmpty ? member.key : prefix + "_" + member.key
            if case .object = member.value {
                pairs += flatten(member.value, prefix: name)
            } else {
                pairs.append((name, cell(member.value)))
            }
        }
        return pairs
    }

    private static func cell(_ value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return text
        case .number(let number): return number.text
        case .array(let elements): return elements.map(cell).joined(separator: ";")
        case .object: return String(decoding: value.encoded(), as: UTF8.self)
        }
    }
}
