import Foundation

/// What the client said it supports in `initialize`, where the server's answers depend on it.
struct LspClientSupport: Sendable, Equatable {
    /// `CodeAction` literals (else code actions are not offered).
    var codeActionLiterals = false
    /// Hierarchical `DocumentSymbol`s (else flat `SymbolInformation`s).
    var hierarchicalSymbols = false
    /// `textDocument/prepareRename`.
    var prepareRename = false

    /// Nothing supported beyond the protocol's basics.
    init() {}

    /// Read from `initialize`'s params.
    init(initializeParams params: Any?) {
        let textDocument = LspJSON.object(LspJSON.object(params, "capabilities"), "textDocument")
        codeActionLiterals = LspJSON.object(LspJSON.object(textDocument, "codeAction"), "codeActionLiteralSupport") != nil
        hierarchicalSymbols = LspJSON.object(textDocument, "documentSymbol")?["hierarchicalDocumentSymbolSupport"] as? Bool == true
        prepareRename = LspJSON.object(textDocument, "rename")?["prepareSupport"] as? Bool == true
    }
}

/// The navigation and editing requests: definition, references, rename, formatting,
/// document symbols and quick fixes. Each works on the open document's text (unsaved edits
/// count) and never traps: bad params are an `invalidParams` error, positions past the end
/// are clamped.
extension LspServer {
    /// The requests handled by ``navigation(_:_:)``.
    static let navigationMethods: Set<String> = [
        "textDocument/definition", "textDocument/references", "textDocument/rename", "textDocument/prepareRename",
        "textDocument/formatting", "textDocument/documentSymbol", "textDocument/codeAction",
    ]

    /// Requests before whose answer the pending diagnostics are checked and published.
    static let flushesFirst: Set<String> = ["shutdown", "textDocument/codeAction"]

    /// The capabilities of the navigation requests, as far as `client` supports them.
    static func navigationCapabilities(_ client: LspClientSupport) -> [String: Any] {
        var capabilities: [String: Any] = [
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": client.prepareRename ? ["prepareProvider": true] as [String: Any] : true,
            "documentFormattingProvider": true,
            "documentSymbolProvider": true,
        ]
        if client.codeActionLiterals { capabilities["codeActionProvider"] = ["codeActionKinds": ["quickfix"]] }
        return capabilities
    }

    /// Answers one navigation request: `null` for a document that is not open, whose file
    /// is never read (a request must not make the server an oracle for any file on disk).
    func navigation(_ method: String, _ params: Any?) -> Result<Any, LspError> {
        guard let uri = LspJSON.object(params, "textDocument")?["uri"] as? String else {
            return .failure(LspError(.invalidParams, "\(method) needs a textDocument with a uri"))
        }
        guard let document = documents[uri], !Self.isDataFile(uri), !document.isTooLarge else { return .success(NSNull()) }
        let path = LspURI.path(of: uri)
        let access = checker.access(forDocumentAt: path)
        if method == "textDocument/codeAction" { return LspCodeActions.actions(params, documents: documents, access: access) }
        let context = LspNavigationContext(document: document, path: path, documents: documents, access: access)
        switch method {
        case "textDocument/formatting": return LspFormatting.edits(context)
        case "textDocument/documentSymbol": return .success(LspDocumentSymbols.symbols(context, hierarchical: client.hierarchicalSymbols))
        default: break
        }
        guard let position = LspPosition(json: (params as? [String: Any])?["position"]) else {
            return .failure(LspError(.invalidParams, "\(method) needs a position"))
        }
        let offset = document.lines.offset(of: position)
        switch method {
        case "textDocument/definition":
            return .success(LspDefinition.locations(at: offset, context) ?? NSNull())
        case "textDocument/references":
            let includeDeclaration = LspJSON.object(params, "context")?["includeDeclaration"] as? Bool ?? true
            return .success(LspRename.references(at: offset, includeDeclaration: includeDeclaration, context) ?? NSNull())
        case "textDocument/prepareRename":
            return .success(LspRename.prepare(at: offset, context) ?? NSNull())
        default:
            guard let newName = (params as? [String: Any])?["newName"] as? String else {
                return .failure(LspError(.invalidParams, "rename needs a newName"))
            }
            return LspRename.rename(at: offset, to: newName, context)
        }
    }
}

/// What a navigation request works on: the document, its file's path, and the other open
/// documents (whose text is preferred over the disk's).
struct LspNavigationContext {
    /// The document asked about.
    var document: LspDocument
    /// Its file's path.
    var path: String
    /// The open documents.
    var documents: LspDocumentStore
    /// The files on disk that may be read: as the loader reads the document's includes.
    var access: TemplateFileAccess

    /// The text of the file at `path`: the open document's, else the file's if `access`
    /// permits it.
    func text(ofPath path: String) -> String? {
        LspFiles.text(ofPath: path, documents: documents, access: access)
    }

    /// The document as a template file for the tooling engines.
    var sourceFile: TemplateSourceFile {
        TemplateSourceFile(source: SourceText(path: path, text: document.text))
    }

    /// An LSP `Location` of the byte `range` of the text `lines`, in the file at `path`.
    func location(_ range: Range<Int>, in lines: LspLineMap, path: String) -> [String: Any] {
        ["uri": path == self.path ? document.uri : LspFiles.uri(forPath: path, documents: documents),
         "range": LspRange(start: lines.position(of: range.lowerBound), end: lines.position(of: range.upperBound)).json]
    }
}

/// `textDocument/formatting` by `termlayout format`'s engine.
enum LspFormatting {
    /// One edit replacing the whole text with its formatted form, none when it is formatted
    /// already, or an error (never an edit) when it does not parse or would not format
    /// safely.
    static func edits(_ context: LspNavigationContext) -> Result<Any, LspError> {
        let formatted: String
        do throws(Diagnostic) {
            formatted = try TemplateFormatter.formatVerified(context.sourceFile)
        } catch {
            let place = error.location.map { "\($0.line):\($0.column): " } ?? ""
            return .failure(LspError(.requestFailed, "cannot format: \(place)\(error.message)"))
        }
        let lines = context.document.lines
        guard formatted != context.document.text else { return .success([Any]()) }
        let whole = LspRange(start: LspPosition(line: 0, character: 0), end: lines.position(of: lines.bytes.count))
        return .success([["range": whole.json, "newText": formatted] as [String: Any]])
    }
}

/// `textDocument/documentSymbol`: the element tree, read tolerantly so a malformed document
/// still shows what parses.
enum LspDocumentSymbols {
    /// The most symbols answered for one document.
    static let maximumSymbols = 5_000

    /// The symbols of the document: `DocumentSymbol`s nested as the elements are, or flat
    /// `SymbolInformation`s for a client without hierarchical support.
    static func symbols(_ context: LspNavigationContext, hierarchical: Bool) -> [Any] {
        let lines = context.document.lines
        let elements = LspMarkupOutline.elements(of: lines.bytes)
        func range(_ bytes: Range<Int>) -> [String: Any] {
            LspRange(start: lines.position(of: bytes.lowerBound), end: lines.position(of: bytes.upperBound)).json
        }
        // At most `maximumSymbols`, in document order: more would only cost memory.
        var budget = maximumSymbols
        if hierarchical {
            func symbol(_ element: LspOutlineElement) -> [String: Any]? {
                guard budget > 0 else { return nil }
                budget -= 1
                var object: [String: Any] = ["name": element.name, "kind": kind(of: element), "range": range(element.range),
                                             "selectionRange": range(element.nameRange)]
                if let detail = detail(of: element) { object["detail"] = detail }
                if !element.children.isEmpty { object["children"] = element.children.compactMap(symbol) }
                return object
            }
            return elements.compactMap(symbol)
        }
        var flat: [Any] = []
        for top in elements {
            top.walk { element, ancestors in
                guard budget > 0 else { return }
                budget -= 1
                var object: [String: Any] = ["name": element.name + (detail(of: element).map { " " + $0 } ?? ""), "kind": kind(of: element),
                                             "location": ["uri": context.document.uri, "range": range(element.range)] as [String: Any]]
                if let parent = ancestors.last { object["containerName"] = parent.name }
                flat.append(object)
            }
        }
        return flat
    }

    /// `#id`, `outlet: name`, or a `<macro>`'s or `<param>`'s name.
    static func detail(of element: LspOutlineElement) -> String? {
        var parts: [String] = []
        if ["macro", "param"].contains(element.name), let name = element.attribute("name")?.value { parts.append(name) }
        if let id = element.attribute("id")?.value, !id.isEmpty { parts.append("#" + id) }
        if let outlet = element.attribute("outlet")?.value, !outlet.isEmpty { parts.append("outlet: " + outlet) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The LSP symbol kind: a constant for `<macro>`, a property for `<param>`, a class for
    /// every other element.
    static func kind(of element: LspOutlineElement) -> Int {
        switch element.name {
        case "macro": 14
        case "param": 7
        default: 5
        }
    }
}
