import Foundation

/// `textDocument/completion` and `textDocument/hover`.
extension LspServer {
    /// The characters after which clients ask for completion without being told to.
    static let completionTriggers = ["<", " ", "\"", "{", ".", "#"]

    /// The document and UTF-8 offset a `TextDocumentPositionParams` names, or the error
    /// for malformed params; `nil` document when it is not open.
    private func documentPosition(_ params: Any?) -> Result<(document: LspDocument, offset: Int)?, LspError> {
        guard let uri = LspJSON.object(params, "textDocument")?["uri"] as? String,
              let position = LspPosition(json: (params as? [String: Any])?["position"]) else {
            return .failure(LspError(.invalidParams, "expected textDocument.uri and a position"))
        }
        guard let document = documents[uri], !Self.isDataFile(uri), !document.isTooLarge else { return .success(nil) }
        return .success((document, document.lines.offset(of: position)))
    }

    /// Answers `textDocument/completion`: a `CompletionList` (`null` for a document that is
    /// not open).
    func completion(_ params: Any?) -> Result<Any, LspError> {
        documentPosition(params).map { found -> Any in
            guard let (document, offset) = found else { return NSNull() }
            let registry = checker.loader.registry
            let context = LspCursorContext(scan: LspMarkupScan(bytes: document.bytes), offset: offset, registry: registry)
            if case .nothing = context.place { return ["isIncomplete": false, "items": [Any]()] as [String: Any] }
            let path = LspURI.path(of: document.uri)
            let access = checker.access(forDocumentAt: path)
            var completion = LspCompletion(registry: registry)
            if case .expression(_, _, let prefix) = context.place {
                completion.sampleState = LspSampleState(forTemplate: path, documents: documents, access: access).values
                if case .member(let members) = prefix.base, members.first == "strings" {
                    let folder = PathName.folder(of: path)
                    completion.strings = StringsTable.load(directory: folder.isEmpty ? "." : folder) {
                        LspFiles.data(ofPath: $0, documents: documents, access: access)
                    }.0.entries
                }
            }
            if case .attributeValue = context.place { completion.siblingTemplates = Self.templates(beside: path) }
            if case .attributeName = context.place, let tag = context.tag {
                completion.included = LspIncludedTemplate(for: tag, in: context.scan, documentPath: path)
            }
            let range = LspRange(start: document.lines.position(of: context.prefixStart), end: document.lines.position(of: context.offset))
            return LspCompletionItem.list(completion.items(for: context), range: range)
        }
    }

    /// Answers `textDocument/hover`: a `Hover` with markdown and the range hovered, or `null`.
    func hover(_ params: Any?) -> Result<Any, LspError> {
        documentPosition(params).map { found -> Any in
            guard let (document, offset) = found else { return NSNull() }
            let path = LspURI.path(of: document.uri)
            let sample = LspSampleState(forTemplate: path, documents: documents, access: checker.access(forDocumentAt: path))
            let evaluator = LspEvaluator(document: document, path: path, loader: checker.loader, sample: sample)
            let hover = LspHover(registry: checker.loader.registry, evaluator: evaluator, documentPath: path)
            guard let (markdown, range) = hover.hover(document: document, offset: offset) else { return NSNull() }
            let lspRange = LspRange(start: document.lines.position(of: range.lowerBound), end: document.lines.position(of: range.upperBound))
            return ["contents": ["kind": "markdown", "value": markdown], "range": lspRange.json] as [String: Any]
        }
    }

    /// The `.xml` files in the folder of `path`, by name (at most 500).
    private static func templates(beside path: String) -> [String] {
        let folder = PathName.folder(of: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return Array(names.filter { $0.hasSuffix(".xml") && $0 != PathName.name(of: path) }.sorted().prefix(500))
    }
}
