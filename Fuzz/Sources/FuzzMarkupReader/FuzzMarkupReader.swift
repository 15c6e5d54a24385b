import CFuzzerDriver
import FuzzSupport
import TermLayout

/// The executable's entry point (SwiftPM links `main` to `<module>_main`): libFuzzer's driver.
@_cdecl("FuzzMarkupReader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    termlayout_fuzz_main(argc, argv) { data, size in fuzzMarkupReader(data, size) }
}

/// libFuzzer entry point: any bytes as an XML template. Reading returns a document whose every
/// position lies inside the file, or throws a `Diagnostic` that points inside the file — it
/// never traps, hangs or overflows the stack.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkupReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = SourceText(path: "Fuzz.xml", text: fuzzText(data, size))
    do {
        let document = try MarkupReader.read(source)
        check(document.root, in: source)
        for instruction in document.processingInstructions { check(instruction.content, in: source) }
    } catch {
        if error.location == nil { fuzzFailure("diagnostic without a position: \(error)") }
        checkDiagnostic(error, byteCount: source.bytes.count)
    }
    return 0
}

private func check(_ element: MarkupElement, in source: SourceText) {
    check(element.nameRange, in: source, what: "<\(element.name)>")
    for attribute in element.attributes {
        check(attribute.nameRange, in: source, what: attribute.name)
        check(attribute.value, in: source)
    }
    for content in element.content {
        switch content {
        case .element(let child): check(child, in: source)
        case .text(let text): check(text, in: source)
        case .processingInstruction(_, let text): check(text, in: source)
        }
    }
}

/// Offsets of a decoded value map into the file, in order (sampled: at most 65 per value).
private func check(_ text: MappedText, in source: SourceText) {
    let count = text.value.utf8.count
    check(text.sourceRange(of: 0..<count), in: source, what: text.value)
    var previous = text.sourceOffset(of: 0)
    for offset in stride(from: 0, through: count, by: max(1, count / 64)) {
        let mapped = text.sourceOffset(of: offset)
        if mapped < previous { fuzzFailure("offsets of '\(text.value)' go backwards at \(offset)") }
        previous = mapped
    }
}

private func check(_ range: Range<Int>, in source: SourceText, what: String) {
    if range.lowerBound < 0 || range.upperBound > source.bytes.count {
        fuzzFailure("range \(range) of '\(what)' outside a \(source.bytes.count)-byte file")
    }
}
