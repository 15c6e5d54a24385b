import Foundation

/// The exact text a "did you mean" replaces, as a diagnostic's `data.fix` carries it: the
/// document, the UTF-16 range of the misspelt name there, and the names to write instead.
struct LspQuickFix: Equatable {
    /// The document the misspelt name is in.
    var uri: String
    /// Where it is.
    var range: LspRange
    /// The name as written.
    var written: String
    /// The names that could replace it.
    var names: [String]

    /// The fix for `replacement` in the text `lines`: the name as written at `offset`, else
    /// the nearest whole-word occurrence of it after, then before, `offset` on its line.
    /// `nil` when the line does not have it (the text is not where the diagnostic says).
    init?(_ replacement: NameReplacement, near offset: Int, lines: LspLineMap, uri: String) {
        let needle = Array(replacement.written.utf8)
        guard !needle.isEmpty, !replacement.names.isEmpty, !needle.contains(10), !needle.contains(13) else { return nil }
        let bytes = lines.bytes
        let start = max(0, min(offset, bytes.count))
        let line = lines.position(of: start).line
        let lineStart = lines.lineStarts[line]
        let lineEnd = line + 1 < lines.lineStarts.count ? lines.lineStarts[line + 1] : bytes.count
        func isWord(at index: Int) -> Bool {
            guard index + needle.count <= lineEnd, bytes[index..<(index + needle.count)].elementsEqual(needle) else { return false }
            let before = index > lineStart ? bytes[index - 1] : 0x20
            let after = index + needle.count < bytes.count ? bytes[index + needle.count] : 0x20
            return !Self.isIdentifierByte(before) && !Self.isIdentifierByte(after)
        }
        let found = (start..<max(start, lineEnd)).first(where: isWord)
            ?? (lineStart..<start).reversed().first(where: isWord)
        guard let found else { return nil }
        self.uri = uri
        self.range = LspRange(start: lines.position(of: found), end: lines.position(of: found + needle.count))
        self.written = replacement.written
        self.names = replacement.names
    }

    /// A fix read back from a diagnostic's `data.fix`.
    init?(json: Any?) {
        guard let fields = json as? [String: Any], let uri = fields["uri"] as? String, let range = LspRange(json: fields["range"]),
              let written = fields["written"] as? String, let names = fields["names"] as? [String],
              !written.isEmpty, !names.isEmpty, names.count <= 16 else { return nil }
        self.uri = uri
        self.range = range
        self.written = written
        self.names = names
    }

    /// The fix as JSON.
    var json: [String: Any] { ["uri": uri, "range": range.json, "written": written, "names": names] }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), 0x80...0xFF:
            true
        default:
            false
        }
    }
}

/// `textDocument/codeAction`: a `quickfix` for each diagnostic of the request's context
/// that carries a ``LspQuickFix``, one per name it suggests; the only one is preferred.
/// A fix whose text has changed since (the document was edited) is not offered, so an
/// edit never replaces the wrong text.
enum LspCodeActions {
    /// The code actions for `params`.
    /// A fix in another file than the request's (an included one) is checked against that
    /// file's text only if `access` permits reading it.
    static func actions(_ params: Any?, documents: LspDocumentStore, access: TemplateFileAccess) -> Result<Any, LspError> {
        guard let context = LspJSON.object(params, "context"), LspJSON.object(params, "textDocument")?["uri"] is String else {
            return .failure(LspError(.invalidParams, "codeAction needs a textDocument and a context"))
        }
        if let only = context["only"] as? [String], !only.contains("quickfix") {
            return .success([Any]())
        }
        var actions: [Any] = []
        for case let diagnostic as [String: Any] in (context["diagnostics"] as? [Any] ?? []).prefix(1000) {
            guard let fix = LspQuickFix(json: LspJSON.object(diagnostic, "data")?["fix"]),
                  let lines = LspFiles.lines(of: fix.uri, documents: documents, access: access) else { continue }
            // Offered only while the text there is still the misspelt name.
            let start = lines.offset(of: fix.range.start), end = max(start, lines.offset(of: fix.range.end))
            guard lines.bytes[start..<end].elementsEqual(fix.written.utf8) else { continue }
            for name in fix.names {
                let edit: [String: Any] = ["range": fix.range.json, "newText": name]
                actions.append([
                    "title": "Change '\(fix.written)' to '\(name)'",
                    "kind": "quickfix",
                    "diagnostics": [diagnostic],
                    "isPreferred": fix.names.count == 1,
                    "edit": ["changes": [fix.uri: [edit]]],
                ] as [String: Any])
            }
        }
        return .success(actions)
    }
}
