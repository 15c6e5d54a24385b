import Foundation

/// Turns the diagnostics `termlayout check` gives into LSP `Diagnostic` objects for one
/// document's in-memory text.
public struct LspDiagnostics: Sendable {
    /// The loader that checks templates.
    public var loader: TemplateLoader

    /// Creates a converter checking with `loader`.
    public init(loader: TemplateLoader = TemplateLoader()) {
        self.loader = loader
    }

    /// The files a request about the document at `path` may read, as the loader reads its
    /// includes: inside the loader's root (by default the document's folder) and its other
    /// allowed roots.
    func access(forDocumentAt path: String) -> TemplateFileAccess {
        let folder = PathName.folder(of: path)
        return TemplateFileAccess(root: loader.root ?? (folder.isEmpty ? "." : folder), others: loader.allowedRoots)
    }

    /// The LSP diagnostics of `document`, loaded as the file at `path` (includes and
    /// strings files are looked up beside it). A problem in an included file is shown at
    /// the include that leads to it, with its own message and place as related information.
    /// The sample state is the open document's text when the client has it open.
    /// A document larger than a template file may be is not checked: one diagnostic says so.
    func diagnostics(for document: LspDocument, path: String, documents: LspDocumentStore = LspDocumentStore()) -> [[String: Any]] {
        guard !document.isTooLarge else {
            let start = LspRange(start: LspPosition(line: 0, character: 0), end: LspPosition(line: 0, character: 0))
            return [["range": start.json, "severity": 1, "source": "termlayout",
                     "message": "the document is larger than \(TemplateLimits.maximumFileSize) bytes, as no template may be; it is not checked"]]
        }
        let directory = PathName.folder(of: path)
        let access = access(forDocumentAt: path)
        var loader = loader
        // Strings files the client has open are read as it has them (they win over the disk's).
        let open = StringsTable.load(directory: directory.isEmpty ? "." : directory) { file in
            LspFiles.document(atPath: file, documents: documents).map { Data($0.text.utf8) }
        }.0.entries
        loader.strings.merge(open) { given, _ in given }
        let result = loader.load(text: document.text, path: path, directory: directory)
        var found = result.diagnostics
        if let template = result.template { found += Self.evaluated(template, path: path, documents: documents, access: access) }
        var seen = Set<String>()
        var includes: LspIncludes?
        let spans = LspValueSpans(bytes: document.lines.bytes, registry: loader.registry)
        return found.compactMap { diagnostic in
            guard seen.insert(diagnostic.summary).inserted else { return nil }
            guard let location = diagnostic.location, location.path != path else {
                return Self.json(diagnostic, lines: document.lines, uri: document.uri, spans: spans)
            }
            if includes == nil { includes = LspIncludes(text: document.text, path: path, access: access) }
            // In an included template: at the include; else (a strings file, a sample state
            // refused) at the start of the document, naming the file.
            return includes?.json(for: diagnostic, at: location, lines: document.lines)
                ?? Self.elsewhere(diagnostic, at: location, lines: document.lines)
        }
    }

    /// As `termlayout check` does: the problems of evaluating a template that has a sample
    /// state beside it (`Main.state.json` for `Main.xml`) with that state — unknown state
    /// keys, type errors. None without a sample state, or with one that is not a JSON object.
    /// The state is the client's open text of it when it has one (a rename just edited it),
    /// else the file, read through `access`.
    static func evaluated(_ template: Template, path: String, documents: LspDocumentStore, access: TemplateFileAccess) -> [Diagnostic] {
        let statePath = SampleStateKeys.path(forTemplate: path)
        if LspFiles.document(atPath: statePath, documents: documents) == nil, let problem = access.problem(written: statePath),
           problem != .missing {
            // There is one, but it is not read (outside the root, a FIFO): say so, as `check` would fail.
            return [Diagnostic(.warning, "the sample state is not read: " + problem.message(for: PathName.name(of: statePath)))]
        }
        guard let text = LspFiles.text(ofPath: statePath, documents: documents, access: access),
              case .object(let state)? = try? JSONReader.read(SourceText(path: statePath, text: text)) else { return [] }
        do throws(DiagnosticError) {
            let root = try LayoutNode(template: template, state: state)
            root.screenSize = (80 * root.cellMetric.pointsPerColumn, 24 * root.cellMetric.pointsPerRow)
            return root.evaluateAll()
        } catch {
            return error.diagnostics
        }
    }

    /// A diagnostic in a file no include of the document leads to (a strings file, the
    /// sample state): at the document's first character, its message naming the file, its
    /// place there as related information (the file is not read).
    static func elsewhere(_ diagnostic: Diagnostic, at location: SourceLocation, lines: LspLineMap) -> [String: Any] {
        var message = diagnostic.message
        if let suggestion = diagnostic.suggestion { message += "; \(suggestion)" }
        let there = LspPosition(line: max(0, location.line - 1), character: max(0, location.column - 1))
        let uri = LspURI.uri(forPath: location.path)
        return [
            "range": LspRange(start: lines.position(of: 0), end: lines.position(of: wordEnd(from: 0, in: lines.bytes))).json,
            "severity": severity(diagnostic.severity),
            "source": "termlayout",
            "message": "in \(PathName.name(of: location.path)): \(message)",
            "relatedInformation": [["location": ["uri": uri, "range": LspRange(start: there, end: there).json] as [String: Any],
                                    "message": message] as [String: Any]],
        ]
    }

    /// One diagnostic as LSP JSON: the range runs from its offset over the name there
    /// (`widht`), or one character when no name starts there — or over the whole attribute
    /// value starting there when the diagnostic is about all of it (see ``LspValueSpans``). A diagnostic with a
    /// ``Diagnostic/replacement`` carries it in `data.fix` with the exact range of the
    /// misspelt text, for `textDocument/codeAction` to offer without checking again.
    static func json(_ diagnostic: Diagnostic, lines: LspLineMap, uri: String, spans: LspValueSpans? = nil) -> [String: Any] {
        let start = diagnostic.location?.offset ?? 0
        let end = spans?.wholeValueEnd(of: diagnostic, from: start) ?? wordEnd(from: start, in: lines.bytes)
        let range = LspRange(start: lines.position(of: start), end: lines.position(of: end))
        var message = diagnostic.message
        if let suggestion = diagnostic.suggestion { message += "; \(suggestion)" }
        var object: [String: Any] = [
            "range": range.json,
            "severity": severity(diagnostic.severity),
            "source": "termlayout",
            "message": message,
        ]
        if !diagnostic.notes.isEmpty {
            let here: [String: Any] = ["uri": uri, "range": range.json]
            object["relatedInformation"] = diagnostic.notes.map { ["location": here, "message": $0] as [String: Any] }
        }
        var data: [String: Any] = [:]
        if let suggestion = diagnostic.suggestion { data["suggestion"] = suggestion }
        if let replacement = diagnostic.replacement, let fix = LspQuickFix(replacement, near: start, lines: lines, uri: uri) {
            data["fix"] = fix.json
        }
        if !data.isEmpty { object["data"] = data }
        return object
    }

    /// The LSP severity: 1 error, 2 warning, 3 information.
    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// The end of the XML name or expression word starting at `start`, or the end of the
    /// one scalar there when none does.
    static func wordEnd(from start: Int, in bytes: [UInt8]) -> Int {
        guard start >= 0, start < bytes.count else { return min(max(start, 0), bytes.count) }
        var index = start
        while index < bytes.count, LspMarkupScan.isNameByte(bytes[index]) { index += 1 }
        if index > start { return index }
        let lead = bytes[start]
        if lead == 10 || lead == 13 { return start }
        return start + LspLineMap.scalar(at: start, in: bytes, end: bytes.count).length
    }
}
