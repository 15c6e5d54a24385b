import Foundation

/// The sample state of a template: `NAME.state.json` beside `NAME.xml`, as `render` and
/// `check` read it (inside the template's folder, a JSON object).
struct LspSampleState: Sendable {
    /// The state, if the file is there and is a JSON object.
    var values: [String: Value]?
    /// Why there is no state: no file, or what is wrong with it.
    var problem: String?

    /// Reads the sample state of the template at `path`: the client's open text of it when
    /// it has one, else the file through `access` (inside the template root).
    init(forTemplate path: String, documents: LspDocumentStore, access: TemplateFileAccess) {
        let statePath = SampleStateKeys.path(forTemplate: path)
        let text: String
        if access.permits(TemplateFileAccess.canonical(statePath)), let open = LspFiles.document(atPath: statePath, documents: documents) {
            text = open.text
        } else {
            switch access.read(written: statePath) {
            case .failure(.missing):
                problem = "no \(PathName.name(of: statePath)) beside the file"
                return
            case .failure(let failure):
                problem = failure.message(for: PathName.name(of: statePath))
                return
            case .success(let data):
                text = String(decoding: data, as: UTF8.self)
            }
        }
        do {
            guard case .object(let fields) = try JSONReader.read(SourceText(path: statePath, text: text)) else {
                problem = "\(PathName.name(of: statePath)) is not a JSON object"
                return
            }
            values = fields
        } catch {
            problem = error.message
        }
    }
}

/// Evaluates expressions of an open document as `render` would: the template loaded from the
/// editor's text, its node tree built with the sample state, on an 80×24 screen. The tree is
/// built on the first evaluation and kept for the next.
final class LspEvaluator {
    /// Which attribute of which element: the element's name starts at `elementOffset`.
    struct Target: Sendable {
        /// The UTF-8 offset of the element's name.
        var elementOffset: Int
        /// The attribute.
        var attribute: String
    }

    /// Why a value cannot be given.
    struct Failure: Error, Sendable {
        /// One short line.
        var reason: String
    }

    private let document: LspDocument
    private let path: String
    private let loader: TemplateLoader
    private let sample: LspSampleState
    private lazy var root: Result<LayoutNode, Failure> = build()
    private var nodes: [Int: LayoutNode]?
    /// The List rows built for their first item, alive while the evaluator is.
    private var sampleRows: [LayoutNode] = []

    /// An evaluator for `document`, loaded as the file at `path`.
    init(document: LspDocument, path: String, loader: TemplateLoader, sample: LspSampleState) {
        self.document = document
        self.path = path
        self.loader = loader
        self.sample = sample
    }

    private func build() -> Result<LayoutNode, Failure> {
        let result = loader.load(text: document.text, path: path, directory: PathName.folder(of: path))
        guard let template = result.template else {
            let first = result.diagnostics.first { $0.severity == .error }?.message ?? "it has errors"
            return .failure(Failure(reason: "the template does not load (\(first))"))
        }
        do {
            let root = try LayoutNode(template: template, state: sample.values ?? [:])
            root.screenSize = (80 * root.cellMetric.pointsPerColumn, 24 * root.cellMetric.pointsPerRow)
            return .success(root)
        } catch {
            return .failure(Failure(reason: error.diagnostics.first?.message ?? "the node tree cannot be built"))
        }
    }

    /// The node of the element whose name starts at `offset`, if the tree has one.
    private func node(at offset: Int, root: LayoutNode) -> LayoutNode? {
        if nodes == nil {
            var table: [Int: LayoutNode] = [:]
            var pending = [root]
            while let node = pending.popLast() {
                let location = node.template.location
                if location.path == path, table[location.offset] == nil { table[location.offset] = node }
                pending.append(contentsOf: node.children)
                // A List's row template, as `check` evaluates it: with the first item. Rows
                // know their parent weakly, so the sample is kept here.
                if let row = try? node.listRows?.sampleRow() {
                    sampleRows.append(row)
                    pending.append(row)
                }
            }
            nodes = table
        }
        return nodes?[offset]
    }

    /// The value of `source` (an expression) in the scope of the target's node, or without a
    /// source the target property's value.
    func evaluate(_ source: String?, at target: Target) -> Result<Value, Failure> {
        let root: LayoutNode
        switch self.root {
        case .success(let built):
            root = built
        case .failure(let failure):
            // A half-typed file does not load; what reads only state can still be evaluated.
            guard let source, let values = sample.values, let expression = try? ParsedExpression(source, mode: .expression),
                  !expression.symbols.contains(where: { $0.isNodeReference }),
                  let value = try? expression.evaluate(DictionaryResolver(state: values)) else { return .failure(failure) }
            return .success(value)
        }
        guard let node = node(at: target.elementOffset, root: root) else {
            return .failure(Failure(reason: "this element has no node here (a declaration, or a List without items)"))
        }
        do {
            guard let source else { return .success(try node.value(of: target.attribute)) }
            let expression = try ParsedExpression(source, mode: .expression)
            return .success(try expression.evaluate(NodeScope(node: node, lookupStartsAtParent: false)))
        } catch let error as Diagnostic {
            return .failure(Failure(reason: reason(error.message)))
        } catch let error as ExpressionError {
            return .failure(Failure(reason: reason(error.message)))
        } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }

    /// A message, with why state may be missing when it is about an unknown name.
    private func reason(_ message: String) -> String {
        guard let problem = sample.problem, message.contains("unknown") || message.contains("no ") else { return message }
        return "\(message) (\(problem))"
    }
}
