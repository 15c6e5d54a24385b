import Foundation
import SystemPackage

/// The includes of a document — attributes naming another template file (`xml=`,
/// `template=`, `row=`: every property of type path) — and the files each leads to, so a
/// problem in an included file can be shown at the include in the document.
struct LspIncludes {
    /// An include in the document: the attribute's value and the file it names.
    struct Include {
        /// Where the attribute's value is in the document.
        var valueRange: Range<Int>
        /// The file it names, resolved against the document's folder and tidied as the
        /// loader tidies it.
        var path: String
    }

    /// The includes, in document order.
    let includes: [Include]
    /// The path of the document.
    let path: String
    /// The files that may be read (the loader's, for the document).
    let access: TemplateFileAccess
    /// The most files followed from one include when looking for a nested file.
    static let maximumFollowed = 200

    /// The includes of `text`, the document at `path`.
    init(text: String, path: String, access: TemplateFileAccess, registry: WidgetRegistry = .standard) {
        self.path = path
        self.access = access
        includes = Self.includes(in: Array(text.utf8), path: path, registry: registry)
    }

    /// The include attributes of `bytes`, the text of the file at `path`.
    static func includes(in bytes: [UInt8], path: String, registry: WidgetRegistry = .standard) -> [Include] {
        var found: [Include] = []
        let folder = PathName.folder(of: path)
        for top in LspMarkupOutline.elements(of: bytes) {
            top.walk { element, _ in
                for attribute in element.attributes where isInclude(attribute.name, of: element.name, registry: registry) && !attribute.value.isEmpty {
                    found.append(Include(valueRange: attribute.valueRange, path: tidy(PathName.joining(folder.isEmpty ? "." : folder, attribute.value))))
                }
            }
        }
        return found
    }

    /// Whether attribute `name` of element `element` names a template file.
    static func isInclude(_ name: String, of element: String, registry: WidgetRegistry) -> Bool {
        if name == "xml" || name == "template" { return true }
        return registry.widget(named: element)?.property(name)?.type == .path
    }

    /// `path` as the loader shows it: lexically normalized.
    static func tidy(_ path: String) -> String {
        let normalized = FilePath(path).lexicallyNormalized().string
        return normalized.isEmpty ? path : normalized
    }

    /// The include of the document that leads to the file at `target`: the one naming it,
    /// else the first whose file includes it, however deep (following at most
    /// ``maximumFollowed`` files).
    func include(leadingTo target: String) -> Include? {
        if let direct = includes.first(where: { $0.path == target }) { return direct }
        for include in includes {
            var seen: Set<String> = [path]
            var pending = [include.path]
            while let file = pending.popLast(), seen.count < Self.maximumFollowed {
                guard seen.insert(file).inserted else { continue }
                if file == target { return include }
                guard case .success(let data) = access.read(written: file) else { continue }
                pending += Self.includes(in: Array(data), path: file).map(\.path)
            }
        }
        return nil
    }

    /// The LSP diagnostic for `diagnostic`, found in another file at `location`: at the
    /// include leading there, with the problem and its real place as related information.
    /// `nil` when no include of the document leads there.
    func json(for diagnostic: Diagnostic, at location: SourceLocation, lines: LspLineMap) -> [String: Any]? {
        guard let include = include(leadingTo: location.path) else { return nil }
        let range = LspRange(start: lines.position(of: include.valueRange.lowerBound), end: lines.position(of: include.valueRange.upperBound))
        var message = diagnostic.message
        if let suggestion = diagnostic.suggestion { message += "; \(suggestion)" }
        let uri = LspURI.uri(forPath: location.path)
        // The place in the included file, in UTF-16 as the protocol counts (its line from the
        // file when it can be read, else its line and column as they are).
        let there: LspRange
        var fix: LspQuickFix?
        if case .success(let data) = access.read(written: location.path) {
            let included = LspLineMap(bytes: Array(data))
            let start = included.position(of: location.offset)
            there = LspRange(start: start, end: included.position(of: LspDiagnostics.wordEnd(from: location.offset, in: included.bytes)))
            fix = diagnostic.replacement.flatMap { LspQuickFix($0, near: location.offset, lines: included, uri: uri) }
        } else {
            let start = LspPosition(line: max(0, location.line - 1), character: max(0, location.column - 1))
            there = LspRange(start: start, end: start)
        }
        var related: [[String: Any]] = [["location": ["uri": uri, "range": there.json] as [String: Any], "message": message]]
        related += diagnostic.notes.map { ["location": ["uri": uri, "range": there.json] as [String: Any], "message": $0] }
        var object: [String: Any] = [
            "range": range.json,
            "severity": LspDiagnostics.severity(diagnostic.severity),
            "source": "termlayout",
            "message": "in \(PathName.name(of: location.path)): \(message)",
            "relatedInformation": related,
        ]
        if let fix { object["data"] = ["fix": fix.json] }
        return object
    }
}
