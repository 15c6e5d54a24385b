import Foundation

/// Loads XML templates into ``Template``s: reads the files, resolves composition (`xml=`,
/// `template=`, `<param>`, `<macro>`, `class=`, strings), validates every element and
/// attribute against the ``WidgetRegistry``, and parses every expression.
///
/// Loading collects all the problems it can find rather than stopping at the first:
///
/// ```swift
/// let result = TemplateLoader().load(file: "Templates/Main.xml")
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// let root = try LayoutNode(template: result.get())
/// ```
public struct TemplateLoader: Sendable {
    /// The widgets templates may use.
    public var registry: WidgetRegistry

    /// Creates a loader for the given widgets.
    public init(registry: WidgetRegistry = .standard) {
        self.registry = registry
    }

    /// Loads the template in the file at `path`.
    public func load(file path: String) -> TemplateLoadResult {
        let session = LoadSession(registry: registry)
        let root = session.loadFile(path: path, chain: [], includedBy: nil)
        return session.finish(root: root)
    }

    /// Loads a template from text; relative `xml=`/`template=` paths and the strings and
    /// styles files are looked up in `directory`.
    public func load(text: String, path: String = "<memory>", directory: String = ".") -> TemplateLoadResult {
        let session = LoadSession(registry: registry)
        let source = SourceText(path: path, text: text)
        let root = session.loadSource(source, directory: directory, chain: [path])
        return session.finish(root: root)
    }
}

/// What loading produced: a template if there were no errors, and every diagnostic.
public struct TemplateLoadResult: Sendable {
    /// The template, or `nil` if any error was found.
    public var template: Template?
    /// Errors and warnings, ordered by file and position.
    public var diagnostics: [Diagnostic]

    /// The errors among the diagnostics.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The template, or a ``DiagnosticError`` with every diagnostic.
    public func get() throws(DiagnosticError) -> Template {
        guard let template else { throw DiagnosticError(diagnostics) }
        return template
    }
}

/// The mutable state of one load: diagnostics, files seen, and per-directory caches.
final class LoadSession {
    let registry: WidgetRegistry
    var diagnostics: [Diagnostic] = []
    var files: [String] = []
    var strings = StringsTable()
    private var loadedDirectories: Set<String> = []
    private var directoryStyles: [String: [String: StyleSheet.Style]] = [:]

    init(registry: WidgetRegistry) {
        self.registry = registry
    }

    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// "Did you mean" for an unknown element name, computed once per name: a minified file
    /// may misspell the same element thousands of times.
    func elementSuggestion(for name: String) -> String? {
        if let known = elementSuggestions[name] { return known }
        let candidates = registry.names + TemplateConverter.directives + TemplateConverter.inlineTags
        let suggestion = Suggestions.didYouMean(name, among: candidates)
        elementSuggestions[name] = .some(suggestion)
        return suggestion
    }
    private var elementSuggestions: [String: String?] = [:]

    func finish(root: TemplateElement?) -> TemplateLoadResult {
        if let root { checkUniqueNames(root) }
        let sorted = diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            if x?.path != y?.path { return a.offset < b.offset }
            return ((x?.line ?? 0), (x?.column ?? 0), a.offset) < ((y?.line ?? 0), (y?.column ?? 0), b.offset)
        }.map(\.element)
        let hasErrors = sorted.contains { $0.severity == .error }
        let template = root.flatMap { hasErrors ? nil : Template(root: $0, files: files, strings: strings) }
        return TemplateLoadResult(template: template, diagnostics: sorted)
    }

    // MARK: Files

    /// Loads a file; `includedBy` is the attribute that names it, for error positions.
    func loadFile(path: String, chain: [String], includedBy: TemplateAttribute?) -> TemplateElement? {
        let path = (path as NSString).standardizingPath
        if chain.contains(path) {
            let names = (chain.drop { $0 != path } + [path]).map { ($0 as NSString).lastPathComponent }
            report(includedBy?.diagnostic("include cycle: " + names.joined(separator: " → ")) ??
                   Diagnostic(.error, "include cycle: " + names.joined(separator: " → ")))
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let directory = (path as NSString).deletingLastPathComponent
            let siblings = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
            let suggestion = Suggestions.didYouMean((path as NSString).lastPathComponent, among: siblings.filter { $0.hasSuffix(".xml") })
            report(includedBy?.diagnostic("cannot read template file '\(path)'", suggestion: suggestion) ??
                   Diagnostic(.error, "cannot read template file '\(path)'", suggestion: suggestion))
            return nil
        }
        let source = SourceText(path: path, text: String(decoding: data, as: UTF8.self))
        return loadSource(source, directory: (path as NSString).deletingLastPathComponent, chain: chain + [path])
    }

    func loadSource(_ source: SourceText, directory: String, chain: [String]) -> TemplateElement? {
        if !files.contains(source.path) { files.append(source.path) }
        loadDirectoryResources(directory)
        let document: MarkupDocument
        do {
            document = try MarkupReader.read(source)
        } catch {
            report(error)
            return nil
        }
        var styles = directoryStyles[directory] ?? [:]
        for instruction in document.processingInstructions + Self.nestedInstructions(document.root) where instruction.target == "properties" {
            switch StyleSheet.parse(Data(instruction.content.value.utf8), origin: "<?properties?> in \((source.path as NSString).lastPathComponent)") {
            case .success(let inline):
                for (name, var style) in inline {
                    style.inline = (source, instruction.content)
                    styles[name] = style
                }
            case .failure(let failure):
                report(Diagnostic(.error, failure.message, in: source, at: instruction.content.sourceRange(of: 0..<instruction.content.value.utf8.count)))
            }
        }
        let file = FileContext(source: source, directory: directory, chain: chain, styles: styles)
        return TemplateConverter(session: self, file: file).convert(document.root)
    }

    private static func nestedInstructions(_ element: MarkupElement) -> [(target: String, content: MappedText)] {
        element.content.flatMap { content -> [(target: String, content: MappedText)] in
            switch content {
            case .processingInstruction(let target, let text): [(target, text)]
            case .element(let child): nestedInstructions(child)
            case .text: []
            }
        }
    }

    private func loadDirectoryResources(_ directory: String) {
        guard loadedDirectories.insert(directory).inserted else { return }
        let (table, problems) = StringsTable.load(directory: directory.isEmpty ? "." : directory)
        strings.entries.merge(table.entries) { existing, _ in existing }
        strings.files += table.files
        files += table.files
        problems.forEach(report)
        let stylesPath = ((directory.isEmpty ? "." : directory) as NSString).appendingPathComponent("Styles.json")
        if let data = FileManager.default.contents(atPath: stylesPath) {
            files.append(stylesPath)
            switch StyleSheet.parse(data, origin: (stylesPath as NSString).lastPathComponent) {
            case .success(let styles): directoryStyles[directory] = styles
            case .failure(let failure): report(Diagnostic(.error, failure.message, at: SourceLocation(path: stylesPath, line: 1, column: 1)))
            }
        }
    }

    // MARK: Whole-tree checks

    /// `id`s and `outlet`s must each be unique in the tree.
    private func checkUniqueNames(_ root: TemplateElement) {
        var seen: [String: [String: SourceLocation]] = ["id": [:], "outlet": [:]]
        func visit(_ element: TemplateElement) {
            for kind in ["id", "outlet"] {
                guard let attribute = element.properties[kind] else { continue }
                let name = attribute.text.value
                if let first = seen[kind]?[name] {
                    report(attribute.diagnostic("duplicate \(kind) '\(name)'", notes: ["first used at \(first)"]))
                } else {
                    seen[kind]?[name] = attribute.source.location(of: attribute.text.sourceOffset(of: 0))
                }
            }
            element.children.forEach(visit)
        }
        visit(root)
    }
}

/// The file being converted.
struct FileContext {
    var source: SourceText
    var directory: String
    var chain: [String]
    var styles: [String: StyleSheet.Style]

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : ((directory.isEmpty ? "." : directory) as NSString).appendingPathComponent(path)
    }
}
