import CFuzzerDriver
import FuzzSupport
import TermLayout

/// The executable's entry point (SwiftPM links `main` to `<module>_main`): libFuzzer's driver.
@_cdecl("FuzzMarkdown_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    termlayout_fuzz_main(argc, argv) { data, size in fuzzMarkdown(data, size) }
}

/// The one template every input is drawn with: a `Markdown` reading state `doc`.
private let template: Template? = try? TemplateLoader().load(text: #"<Markdown text="{doc}"/>"#, path: "Fuzz.xml").get()

/// libFuzzer entry point: any bytes as a Markdown document (the first byte picks the width,
/// 1–64 columns), drawn by the `Markdown` widget. Parsing and drawing never trap, hang or
/// overflow the stack, and nothing the document holds reaches the screen as a control
/// character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let template, size > 0, let data else { return 0 }
    let columns = Int(data[0] % 64) + 1
    let text = fuzzText(data + 1, size - 1)
    do {
        let root = try LayoutNode(template: template, state: ["doc": .string(text)])
        root.screenSize = (Double(columns), 200)
        let screen = try Renderer().render(root, columns: columns, rows: 40)
        for character in screen.text.unicodeScalars where character != "\n" {
            if character.value < 0x20 || (0x7F...0x9F).contains(character.value) {
                fuzzFailure("a control character reached the screen: U+\(String(character.value, radix: 16))")
            }
        }
    } catch let error as Diagnostic {
        checkDiagnostic(error, byteCount: nil)
    } catch {
        fuzzFailure("not a diagnostic: \(error)")
    }
    return 0
}
