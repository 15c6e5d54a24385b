import Foundation
import TermLayout

extension Terminal {
    /// Prints JSON text (from `JSONSerialization`) to stdout, with every character
    /// ``TextSanitizer`` replaces on screen — C0 controls, DEL, C1 controls (U+0080–U+009F),
    /// bidi controls — written as a `\uXXXX` escape: the JSON stays exact and prints safely.
    /// Outside strings JSON has none of them, so only strings change.
    static func printJSON(_ json: String) {
        printScreen(escapingControls(json))
    }

    /// `json` with controls, DEL, C1 and bidi controls as `\uXXXX`; line breaks and tabs
    /// between tokens (pretty-printing) stay.
    static func escapingControls(_ json: String) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool { scalar != "\n" && scalar != "\t" && TextSanitizer.needsReplacing(scalar) }
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }
}
