import Foundation
import SystemPackage

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
    /// The template root: the file given to ``load(file:)``, the files a template names
    /// (`xml=`, `template=`, `row=`) and the strings and styles files beside them must lie
    /// inside it, compared after resolving symlinks and `..` — so a template file swapped for
    /// a symlink out of its folder is refused on the next reload, unread. `nil` means the folder of the file given to ``load(file:)`` (or the
    /// `directory` given to ``load(text:path:directory:)``); an app with a templates folder
    /// sets it to that folder so its screens can share parts.
    public var root: String?
    /// More folders templates may read from besides the root; empty unless the app widens
    /// access explicitly.
    public var allowedRoots: [String]
    /// Strings given from code rather than a strings file, by key; they win over the files'.
    /// Layout reads a constant named `strings.Key` before its localized strings:
    /// ``addingStringConstants(_:)`` takes them from constants.
    public var strings: [String: String] = [:]

    /// The loader with `constants` named `strings.Key` (text) as strings, as Layout reads
    /// them, so templates that read them load and `check` as with a strings file.
    public func addingStringConstants(_ constants: [String: Value]) -> TemplateLoader {
        var loader = self
        for (name, value) in constants where name.hasPrefix("strings.") && name.utf8.count > 8 {
            if case .string(let text) = value { loader.strings[String(name.dropFirst(8))] = text }
        }
        return loader
    }

    /// Creates a loader for the given widgets, reading files inside `root` (by default the
    /// loaded file's folder) and `allowedRoots`.
    public init(registry: WidgetRegistry = .standard, root: String? = nil, allowedRoots: [String] = []) {
        self.registry = registry
        self.root = root
        self.allowedRoots = allowedRoots
    }

    /// Loads the template in the file at `path` (any spelling: `a`, `./a.xml`, `-dash.xml`;
    /// an empty path, a folder, a FIFO or a device is a diagnostic, never a trap or a hang).
    public func load(file path: String) -> TemplateLoadResult {
        let session = LoadSession(registry: registry, access: access(defaultRoot: PathName.folder(of: path)))
        session.strings.entries = strings
        let root = session.loadFile(path: path, chain: [], includedBy: nil)
        return session.finish(root: root)
    }

    /// Loads a template from text; relative `xml=`/`template=` paths and the strings and
    /// styles files are looked up in `directory`, which is also the default root.
    public func load(text: String, path: String = "<memory>", directory: String = ".") -> TemplateLoadResult {
        let session = LoadSession(registry: registry, access: access(defaultRoot: directory))
        session.strings.entries = strings
        let source = SourceText(path: path, text: text)
        let chainEntry = TemplateFileAccess.canonical(PathName.joining(directory, PathName.name(of: path)))
        let root = session.loadSource(source, directory: directory, chain: [chainEntry], included: false)
        return session.finish(root: root)
    }

    private func access(defaultRoot: String) -> TemplateFileAccess {
        TemplateFileAccess(root: root ?? defaultRoot, others: allowedRoots)
    }
}

/// What loading produced: a template if there were no errors, and every diagnostic.
public struct TemplateLoadResult: Sendable {
    /// The template, or `nil` if any error was found.
    public var template: Template?
    /// Errors and warnings, ordered by file and position.
    public var diagnostics: [Diagnostic]

    /// Every file the load read or looked for — templates and includes (also those that are
    /// missing), styles and strings files — so a watcher can reload when any of them appears
    /// or changes, also after a failed load.
    public var files: [String] = []

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
    let access: TemplateFileAccess
    var diagnostics: [Diagnostic] = []
    var files: [String] = []
    /// Files looked for that do not exist (yet): a missing include, an absent Styles.json.
    var lookedFor: [String] = []
    var strings = StringsTable()
    /// Resource files that exist but were refused (outside the root, not a file, too large):
    /// their problem is reported once, so "no such file" is not said of them too.
    var refusedResources: Set<String> = []
    /// How many more string keys "did you mean" may look through in this load: each
    /// suggestion is bounded (``Suggestions/maximumComparisons``), and this bounds them all,
    /// so 2,000 typos among 300,000 keys do not scan 600 million.
    var stringSuggestionBudget = 5_000_000

    /// "did you mean …" for the unknown string `key`, while the budget lasts.
    func suggestString(for key: String) -> String? {
        guard stringSuggestionBudget > 0 else { return nil }
        stringSuggestionBudget -= strings.entries.count
        return Suggestions.didYouMean(key, among: strings.entries.keys)
    }

    /// ``StringsTable/nearestDottedKey(spelledBy:after:)`` while the budget lasts (past it the
    /// misspelt dotted key is left to the error when it is read).
    func nearestDottedString(spelledBy members: [String], after found: (key: String, count: Int)) -> String? {
        guard found.count < members.count, !StringsTable.readsAsStringMember(members[found.count]),
              stringSuggestionBudget > 0 else { return nil }
        stringSuggestionBudget -= strings.entries.count
        return strings.nearestDottedKey(spelledBy: members, after: found)
    }
    private var loadedDirectories: Set<String> = []
    private var directoryStyles: [String: [String: StyleSheet.Style]] = [:]
    /// The size limits' bookkeeping (``TemplateLimits``).
    var budget = LoadBudget()
    /// Each included file converted once, by canonical path, with the size of its tree.
    private var converted: [String: (element: TemplateElement?, size: LoadBudget.Size)] = [:]
    /// Each distinct expression source parsed once.
    let expressions = ExpressionParseCache()
    /// The widget found by name last (``widget(named:)``).
    private var recentWidgetName = ""
    private var recentWidget: WidgetDescriptor?

    init(registry: WidgetRegistry, access: TemplateFileAccess) {
        self.registry = registry
        self.access = access
    }

    /// The registry's widget called `name`. Elements repeat their names (a grid of Labels),
    /// so the last one found is compared first: two short names compare faster than one
    /// hashes.
    func widget(named name: String) -> WidgetDescriptor? {
        if let recentWidget, recentWidgetName == name { return recentWidget }
        guard let widget = registry.widget(named: name) else { return nil }
        (recentWidgetName, recentWidget) = (name, widget)
        return widget
    }

    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// "Did you mean" for an unknown element name, computed once per name: a minified file
    /// may misspell the same element thousands of times.
    func elementSuggestion(for name: String) -> (sentence: String?, replacement: NameReplacement?) {
        if let known = elementSuggestions[name] { return known }
        var suggestion: (sentence: String?, replacement: NameReplacement?) = (nil, nil)
        if let widget = LayoutPortMaps.elements[name], registry.widget(named: widget) != nil {
            // A UIKit class as Layout's templates write it: its widget, and the tool for the rest.
            suggestion = ("did you mean '\(widget)'? ('\(name)' is UIKit's; `termlayout port` converts a Layout template)",
                          NameReplacement(written: name, names: [widget]))
        } else {
            let candidates = registry.names + TemplateConverter.directives + TemplateConverter.inlineTags
            let replacement = Suggestions.replacement(for: name, among: candidates)
            suggestion = (replacement?.sentence, replacement)
        }
        elementSuggestions[name] = suggestion
        return suggestion
    }
    private var elementSuggestions: [String: (sentence: String?, replacement: NameReplacement?)] = [:]

    /// Reports a limit reached, once per load; afterwards nothing more is converted.
    func reportLimit(_ diagnostic: @autoclosure () -> Diagnostic) {
        guard !budget.exhausted else { return }
        budget.exhausted = true
        report(diagnostic())
    }

    func finish(root: TemplateElement?) -> TemplateLoadResult {
        if let root {
            // What each subtree holds, so the checks below (and the app's) skip what holds nothing.
            root.summarizeContents()
            checkUniqueNames(root)
            checkRootOnlyAttributes(root)
            checkNodeReferences(root)
        }
        let sorted = diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            if x?.path != y?.path { return a.offset < b.offset }
            return ((x?.line ?? 0), (x?.column ?? 0), a.offset) < ((y?.line ?? 0), (y?.column ?? 0), b.offset)
        }.map(\.element)
        let hasErrors = sorted.contains { $0.severity == .error }
        let template = root.flatMap { hasErrors ? nil : Template(root: $0, files: files, strings: strings) }
        var seen = Set<String>()
        let consulted = (files + lookedFor).filter { seen.insert($0).inserted }
        return TemplateLoadResult(template: template, diagnostics: sorted, files: consulted)
    }

    // MARK: Files

    /// Loads a file; `includedBy` is the attribute that names it (`nil` for the file the
    /// user gave), for error positions. Every file, the one the user gave too, must resolve
    /// inside the root: a symlink out of it is refused before its target is read.
    func loadFile(path given: String, chain: [String], includedBy: TemplateAttribute?) -> TemplateElement? {
        // Shown as written, tidied (`./a/../Main.xml` is `Main.xml`); read as written.
        let normalized = FilePath(given).lexicallyNormalized().string
        let path = normalized.isEmpty ? given : normalized
        let canonical = TemplateFileAccess.canonical(given)
        func diagnostic(_ message: String, suggestion: String? = nil, replacement: NameReplacement? = nil) -> Diagnostic {
            includedBy?.diagnostic(message, suggestion: suggestion, replacement: replacement)
                ?? Diagnostic(.error, message, suggestion: suggestion, replacement: replacement)
        }
        func fail(_ message: String, suggestion: String? = nil, replacement: NameReplacement? = nil) -> TemplateElement? {
            report(diagnostic(message, suggestion: suggestion, replacement: replacement))
            return nil
        }
        if chain.contains(canonical) {
            let names = (chain.drop { $0 != canonical } + [canonical]).map(PathName.name(of:))
            return fail("include cycle: " + names.joined(separator: " → "))
        }
        let written = includedBy?.text.value ?? path
        if let includedBy, written.allSatisfy(\.isWhitespace) {
            // Not "it is a folder": an empty include would otherwise name its own folder.
            return fail("\(includedBy.name)= names no file", suggestion: "write the path of a template file, as in \(includedBy.name)=\"Card.xml\"")
        }
        if includedBy == nil, let problem = access.problem(written: given), problem == .folder || problem == .emptyPath {
            return fail("cannot read template file '\(path)': \(problem.reason)", suggestion: "give the path of a template file")
        }
        // `a/` names a folder (POSIX): a file `a` written so is not read, as `cat a/` would not.
        if given.hasSuffix("/"), !FileReader.isFolder(given) {
            return fail("cannot read template file '\(given)': \(FileProblem.notAFolder.reason)", suggestion: "write it without the '/'")
        }
        guard access.permits(canonical) else {
            // A link inside the root that leads out is watched (not its target), so pointing
            // it back in is seen; a path that is itself outside is not.
            if let link = linkLeadingOut(of: path) { lookedFor.append(link) }
            // The file itself (a symlink out of its folder): say why, as the target is not named.
            return fail(access.outsideMessage(written),
                        suggestion: includedBy == nil ? "a symbolic link out of the template's folder is not followed" : nil)
        }
        if includedBy != nil {
            guard chain.count < TemplateLimits.maximumIncludeDepth else {
                reportLimit(diagnostic("includes are nested too deeply (more than \(TemplateLimits.maximumIncludeDepth) files)"))
                return nil
            }
        }
        if let (element, size) = converted[canonical] {
            guard budget.reuse(size) else {
                reportLimit(diagnostic(budget.exceededMessage))
                return nil
            }
            return element
        }
        let data: Data
        switch TemplateFileAccess.read(canonical) {
        case .contents(let contents):
            data = contents
        case .tooLarge:
            lookedFor.append(path)  // watched, so cutting it down again is seen
            return fail("'\(written)' is larger than \(TemplateLimits.maximumFileSize) bytes")
        case .unreadable(let problem) where problem != .missing && problem != .notAFolder:
            lookedFor.append(path)
            return fail("cannot read template file '\(path)': \(problem.reason)")
        case .unreadable:
            lookedFor.append(path)
            let siblings = (try? FileManager.default.contentsOfDirectory(atPath: PathName.folder(of: path))) ?? []
            return fail("cannot read template file '\(path)'",
                        replacement: Suggestions.replacement(for: PathName.name(of: path), among: siblings.filter { $0.hasSuffix(".xml") }))
        }
        let text: String
        do {
            text = try TextDecoding.decodingStrictUTF8(data, path: path)
        } catch {
            report(error)
            return nil
        }
        let source = SourceText(path: path, text: text)
        let start = budget.start()
        let element = loadSource(source, directory: PathName.folder(of: path), chain: chain + [canonical],
                                 included: includedBy != nil)
        converted[canonical] = (element, budget.size(since: start))
        return element
    }

    /// For a `path` that resolves outside the roots: the symbolic link inside them that leads
    /// out (`path` itself, or a linked folder on its way), for the watcher to see it pointed
    /// back; nil when the path is outside as written (`../x`, `/etc/passwd`).
    func linkLeadingOut(of path: String) -> String? {
        var entry = FilePath(path)
        while !entry.components.isEmpty {
            let resolved = FilePath(TemplateFileAccess.canonical(PathName.folder(of: entry.string)))
            guard let name = entry.lastComponent else { return nil }
            // Where the entry is, not where it leads (a final `..` is still taken).
            if access.permits(resolved.appending(name).lexicallyNormalized().string) { return entry.string }
            entry.removeLastComponent()
        }
        return nil
    }

    /// Converts a file's text. The XML errors of an `included` file show no excerpt: a
    /// template may name any file in the root, and one that is not XML (a key, a log) must
    /// not have its first line printed.
    func loadSource(_ source: SourceText, directory: String, chain: [String], included: Bool) -> TemplateElement? {
        if !files.contains(source.path) { files.append(source.path) }
        loadDirectoryResources(directory)
        var document: MarkupDocument
        do {
            document = try MarkupReader.read(source)
        } catch {
            var diagnostic = ExcerptPolicy.forMarkup(error, in: source.text)
            if included { diagnostic.excerpt = nil }
            report(diagnostic)
            return nil
        }
        var styles = directoryStyles[directory] ?? [:]
        for instruction in document.processingInstructions + document.nestedInstructions where instruction.target == "properties" {
            switch StyleSheet.parse(Data(instruction.content.value.utf8), origin: "<?properties?> in \(PathName.name(of: source.path))") {
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
        // The converter owns the markup from here and drops each element once converted,
        // so a large file is not held twice, as markup and as template.
        var root = document.root
        document.root.content = []
        return TemplateConverter(session: self, file: file, rootOffset: root.nameRange.lowerBound).convert(&root)
    }

    private func loadDirectoryResources(_ directory: String) {
        guard loadedDirectories.insert(directory).inserted else { return }
        let folder = directory.isEmpty ? "." : directory
        lookedFor += ["Styles.json", "Localizable.strings", "Strings.json"].map { PathName.joining(folder, $0) }
        let (table, problems) = StringsTable.load(directory: directory.isEmpty ? "." : directory, read: readResource)
        strings.entries.merge(table.entries) { existing, _ in existing }
        strings.files += table.files
        files += table.files
        problems.forEach(report)
        let stylesPath = PathName.joining(folder, "Styles.json")
        if let data = readResource(stylesPath) {
            files.append(stylesPath)
            switch StyleSheet.parse(data, origin: PathName.name(of: stylesPath)) {
            case .success(let styles): directoryStyles[directory] = styles
            case .failure(let failure): report(Diagnostic(.error, failure.message, at: SourceLocation(path: stylesPath, line: 1, column: 1)))
            }
        }
    }

    /// A strings or styles file beside a template: `nil` if there is none; one outside the
    /// root (through a symlink), too large or not a regular file (a FIFO) is reported and
    /// not read.
    private func readResource(_ path: String) -> Data? {
        let canonical = TemplateFileAccess.canonical(path)
        guard FileManager.default.fileExists(atPath: canonical) else { return nil }
        let name = PathName.name(of: path)
        let location = SourceLocation(path: path, line: 1, column: 1)
        guard access.permits(canonical) else {
            refusedResources.insert(name)
            report(Diagnostic(.error, access.outsideMessage(name), at: location))
            return nil
        }
        switch TemplateFileAccess.read(canonical) {
        case .contents(let data):
            return data
        case .tooLarge:
            refusedResources.insert(name)
            report(Diagnostic(.error, "'\(name)' is larger than \(TemplateLimits.maximumFileSize) bytes", at: location))
            return nil
        case .unreadable(let problem):
            if problem != .missing { refusedResources.insert(name); report(Diagnostic(.error, "cannot read '\(name)': \(problem.reason)", at: location)) }
            return nil
        }
    }

    // MARK: Whole-tree checks

    /// Every `#id` an expression reads names an element of the tree (a List's row template
    /// included), as it must when the tree is built; found when the template loads, so
    /// `check` reports it for parts that are not shown yet, as for an unknown attribute.
    private func checkNodeReferences(_ root: TemplateElement) {
        var ids = Set<String>()
        var work = [root]
        while let element = work.popLast() {
            guard element.contents.contains(.names) else { continue }
            if let id = element.id { ids.insert(id) }
            work += element.children
        }
        var reported = Set<String>()
        func check(_ attribute: TemplateAttribute) {
            guard let expression = attribute.expression else { return }
            for symbol in expression.symbols {
                guard case .node(let id) = symbol.root, !ids.contains(id), reported.insert(id).inserted else { continue }
                report(attribute.diagnostic(for: ExpressionError(.unknownSymbol, "no node with id '\(id)'", at: symbol.range,
                                                                 replacement: Suggestions.replacement(for: id, among: ids))))
            }
        }
        work = [root]
        while let element = work.popLast() {
            guard element.contents.contains(.nodeReferences) else { continue }
            // The attributes in order, then the macros by name, without copying them to a list.
            for (_, attribute) in element.properties { check(attribute) }
            if !element.macros.isEmpty {
                for attribute in element.macros.values.sorted(by: { $0.name < $1.name }) { check(attribute) }
            }
            work += element.children
        }
    }

    /// Attributes that set something for the whole tree, and so belong on its root.
    static let rootOnlyAttributes = ["edges", WindowTitle.name]

    /// Reports a root-only attribute anywhere but on the root (an included file's root is
    /// not the tree's).
    private func checkRootOnlyAttributes(_ root: TemplateElement) {
        // It decides how the tree is built, so it is written out, never computed.
        if let edges = root.properties["edges"], !["position", "inset"].contains(edges.text.value) {
            report(edges.diagnostic("edges is fixed for the whole tree: write edges=\"inset\" or edges=\"position\", not an expression",
                                    replacement: Suggestions.replacement(for: edges.text.value, among: ["position", "inset"])))
        }
        var work = root.children
        while let element = work.popLast() {
            guard element.contents.contains(.rootOnlyAttributes) else { continue }
            for name in Self.rootOnlyAttributes {
                guard let attribute = element.properties[name] else { continue }
                report(attribute.diagnostic("'\(name)' applies to the whole tree, so only the screen's root element sets it (not an element inside, nor an included file's root)",
                                            suggestion: "move \(name)=\"\(attribute.text.value)\" to the root element"))
            }
            work += element.children
        }
    }

    /// `outlet`s must be unique in the tree, since Swift code finds a node by its outlet.
    /// `id`s must be unique within one file: a component included twice carries its ids
    /// twice, and `#id` finds the nearest (``LayoutNode/node(withID:)``), as in Layout,
    /// whose ids are searched from the referring node outwards (LayoutNode.swift:768–783).
    private func checkUniqueNames(_ root: TemplateElement) {
        var outlets: [String: SourceLocation] = [:]
        // Per file and name, the offset of the first `id`; the same offset again is the same
        // element in another instance of its component.
        var ids: [String: [String: Int]] = [:]
        var reported: Set<String> = []
        func visit(_ element: TemplateElement) {
            guard element.contents.contains(.names) else { return }
            // Most elements have neither: two look-ups, no copies.
            if element.properties.index(forKey: "outlet") != nil, let attribute = element.properties["outlet"],
               TemplateElement.parameterReference(attribute.text.value) == nil {
                // An outlet named by a parameter (`{name}`) is told apart when the tree is built.
                let name = attribute.text.value
                if let first = outlets[name] {
                    report(attribute.diagnostic("duplicate outlet '\(name)'", notes: ["first used at \(first)"]))
                } else {
                    outlets[name] = attribute.source.location(of: attribute.text.sourceOffset(of: 0))
                }
            }
            if element.properties.index(forKey: "id") != nil, let attribute = element.properties["id"],
               TemplateElement.parameterReference(attribute.text.value) == nil {
                let name = attribute.text.value, path = attribute.source.path
                let offset = attribute.text.sourceOffset(of: 0)
                if let first = ids[path]?[name] {
                    if first != offset, reported.insert("\(path)\u{0}\(offset)").inserted {
                        report(attribute.diagnostic("duplicate id '\(name)' in this file",
                                                    notes: ["first used at \(attribute.source.location(of: first))",
                                                            "ids are unique within a file; a component included twice may repeat its own"]))
                    }
                } else {
                    ids[path, default: [:]][name] = offset
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
        PathName.joining(directory.isEmpty ? "." : directory, path)
    }
}
