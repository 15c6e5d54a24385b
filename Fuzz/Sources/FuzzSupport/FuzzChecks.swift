import TermLayout

/// A finding: stops the process so that libFuzzer saves the input as a crash artifact.
/// (Only fuzz harnesses call this; the library itself never traps on input.)
public func fuzzFailure(_ message: String) -> Never {
    fatalError(message)
}

/// The input as text, decoded as the loader decodes files (invalid UTF-8 is replaced).
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// What every diagnostic owes its reader: a message, and a position inside its file
/// (`byteCount` is the file's size, when the harness knows it). Rendering it must not trap.
public func checkDiagnostic(_ diagnostic: Diagnostic, byteCount: Int?) {
    if diagnostic.message.isEmpty { fuzzFailure("empty diagnostic message: \(diagnostic)") }
    if let location = diagnostic.location {
        if location.line < 1 || location.column < 1 { fuzzFailure("diagnostic before the start: \(diagnostic)") }
        if let byteCount, location.offset > byteCount { fuzzFailure("diagnostic past the end of \(byteCount) bytes: \(diagnostic)") }
    }
    _ = diagnostic.description
}
