import Foundation

/// Text files as editors save them: UTF-8 with or without a byte-order mark, and UTF-16
/// (little or big endian) with a mark — Apple's classic encoding for `Localizable.strings` —
/// or, for `.strings` only, without one, recognised by its NUL bytes.
package enum TextDecoding {
    /// The text of `data`: the byte-order mark decides the encoding and is dropped; without
    /// one, `guessesUTF16` lets NUL bytes in every other position mean UTF-16. Anything
    /// else is UTF-8, invalid bytes replaced (`U+FFFD`).
    package static func string(_ data: Data, guessesUTF16: Bool = false) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), littleEndian: true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), littleEndian: false) }
        if guessesUTF16, let littleEndian = utf16Order(bytes) { return utf16(bytes[...], littleEndian: littleEndian) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `data` as UTF-8 text, or — when it is not valid UTF-8 (a Latin-1 file, say) — an error
    /// naming the first byte that is not and where it is, for `path`. A template is never
    /// read with bytes replaced: `format` would write the replacement back and the original
    /// bytes would be gone.
    package static func strictUTF8(_ data: Data, path: String) -> Result<String, Diagnostic> {
        do {
            return .success(try decodingStrictUTF8(data, path: path))
        } catch {
            return .failure(error)
        }
    }

    /// ``strictUTF8(_:path:)`` with the error thrown, for the template loader: a `Result`
    /// with `Diagnostic` costs the Swift runtime a scan of every protocol conformance in the
    /// binary (for `Error`) the first time a process uses one.
    package static func decodingStrictUTF8(_ data: Data, path: String) throws(Diagnostic) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        let bytes = [UInt8](data)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0, line = 1, lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = offset + 1
                }
                offset += encoded.count
            case .error:
                let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                throw Diagnostic(.error, "byte 0x\(byte) is not UTF-8; templates are UTF-8 text",
                                 at: SourceLocation(path: path, line: line, column: column, offset: offset),
                                 suggestion: "save the file as UTF-8 (it was left as it is)")
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    /// `data` as UTF-8 without a byte-order mark, for JSON readers that want bytes.
    package static func utf8Data(_ data: Data) -> Data {
        guard let first = data.first, first == 0xEF || first == 0xFF || first == 0xFE else { return data }
        return Data(string(data).utf8)
    }

    /// Little (`true`) or big endian when the bytes look like UTF-16 text without a mark:
    /// an even count, and NUL in most odd (little) or most even (big) positions — ASCII
    /// text in UTF-16 has a NUL in every character; UTF-8 text has none.
    private static func utf16Order(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count >= 2, bytes.count % 2 == 0 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for (index, byte) in bytes.enumerated() where byte == 0 {
            if index % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        let half = bytes.count / 2
        if oddZeros * 2 > half && evenZeros == 0 { return true }
        if evenZeros * 2 > half && oddZeros == 0 { return false }
        return nil
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
