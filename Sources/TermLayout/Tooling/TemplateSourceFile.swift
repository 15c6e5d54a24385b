// Tooling: what `termlayout format`, `list`, `rename`, `strings` and `port` know about
// template files. Owns: reading a file losslessly enough to rewrite it (markup, comments,
// how each value is read), expression references, formatting, renaming and porting.
// Must not know about: nodes, layout, rendering or terminals.
import Foundation

/// How one attribute value or body text is read: as an expression, as interpolated text, and
/// which bare names are constants (an enumeration's cases).
public struct ValueReading: Sendable, Hashable {
    /// Expression or string mode.
    public var mode: ParsedExpression.Mode
    /// The type the value has (its property's or parameter's).
    public var type: PropertyType
    /// Whether the value is a parameter passed to a composed template (`title=` on `<View xml=…>`).
    public var isParameterValue = false

    /// The names that read as constants: an enumeration's cases.
    var constants: [String: Value] {
        guard case .enumeration(let cases) = type else { return [:] }
        return Dictionary(uniqueKeysWithValues: cases.map { ($0, .string($0)) })
    }
}

/// A template file read for tooling: its text, its markup (with comments and element ranges),
/// and, when the template loads, how each of its values is read — keyed by the file offset
/// where the value starts.
public struct TemplateSourceFile: Sendable {
    /// The file's text.
    public var source: SourceText
    /// The markup, or `nil` when the file is not well-formed XML (see ``diagnostics``).
    public var document: MarkupDocument?
    /// Problems reading or loading the file.
    public var diagnostics: [Diagnostic]
    /// How each value is read, by the file offset of its first character: from the loaded
    /// template, or guessed from the registry when it does not load.
    public var readings: [Int: ValueReading]
    /// The loaded template, when it loads without errors.
    public var template: Template?
    /// The template root it was loaded with (`nil`: its own folder).
    public var root: String?

    /// Reads `path`; `root` is the folder the templates live in (as `check` uses it), by
    /// default the file's own folder. A file that resolves outside the root (a symlink out
    /// of it), a folder, a FIFO or a device is refused unread: the error is a
    /// `FileProblem`, whose `FileProblem.message(for:)` names only the path as written.
    public init(path: String, root: String? = nil, registry: WidgetRegistry = .standard) throws {
        let data = try ConfinedFile.read(path, root: root).get()
        switch TextDecoding.strictUTF8(data, path: path) {
        case .success(let text):
            self.init(source: SourceText(path: path, text: text), root: root, registry: registry)
        case .failure(let problem):
            // Not read with bytes replaced: `format` and `rename` would write them back.
            self.init(source: SourceText(path: path, text: ""), root: root, registry: registry)
            document = nil
            template = nil
            diagnostics = [problem]
        }
    }

    /// Reads `source`, loading it from its own folder.
    public init(source: SourceText, root: String? = nil, registry: WidgetRegistry = .standard) {
        self.source = source
        self.root = root
        self.readings = [:]
        self.template = nil
        do {
            document = try MarkupReader.read(source)
        } catch {
            document = nil
            diagnostics = [ExcerptPolicy.forMarkup(error, in: source.text)]
            return
        }
        let result = TemplateLoader(registry: registry, root: root)
            .load(text: source.text, path: source.path, directory: PathName.folder(of: source.path))
        diagnostics = result.diagnostics
        template = result.template
        if let root = result.template?.root {
            collectReadings(of: root)
        } else if let root = document?.root {
            guessReadings(of: root, registry: registry)
        }
    }

    /// For a template that does not load (an unknown string, say): each value read as its
    /// widget's property, `<macro>` values as expressions, a label's body as text, so
    /// `list` and `strings` still see its expressions. Parameters of included files are
    /// not known here.
    private mutating func guessReadings(of element: MarkupElement, registry: WidgetRegistry) {
        let widget = registry.widget(named: element.name)
        for attribute in element.attributes {
            let type: PropertyType? = switch element.name {
            case "macro" where attribute.name == "value": .any
            case "param" where attribute.name == "value": .any
            default: widget?.property(attribute.name)?.type
            }
            if let type, let mode = type.expressionMode {
                readings[attribute.value.sourceOffset(of: 0)] = ValueReading(mode: mode, type: type)
            }
        }
        for content in element.content {
            switch content {
            case .element(let child): guessReadings(of: child, registry: registry)
            case .text(let text) where widget?.property("text")?.type == .string:
                readings[text.sourceOffset(of: 0)] = ValueReading(mode: .string, type: .string)
            default: continue
            }
        }
    }

    /// Whether the root element is a widget of `registry` — a TermLayout template rather
    /// than some other XML (a Layout template, a plist).
    public func isTemplate(registry: WidgetRegistry = .standard) -> Bool {
        guard let root = document?.root else { return false }
        return registry.widget(named: root.name) != nil
    }

    private mutating func collectReadings(of element: TemplateElement) {
        for attribute in element.properties.values { record(attribute, isParameterValue: false) }
        for attribute in element.parameterValues.values { record(attribute, isParameterValue: true) }
        for attribute in element.macros.values { record(attribute, isParameterValue: false) }
        for declaration in element.parameters.values {
            if let value = declaration.defaultValue { record(value, isParameterValue: false) }
        }
        for run in element.body ?? [] where !run.isLineBreak {
            record(run.text, isParameterValue: false)
            if let color = run.color { record(color, isParameterValue: false) }
        }
        for child in element.children { collectReadings(of: child) }
    }

    private mutating func record(_ attribute: TemplateAttribute, isParameterValue: Bool) {
        // Only values written in this file, not those from classes or included files.
        guard attribute.origin == nil, attribute.source === source || attribute.source.path == source.path,
              let mode = attribute.type.expressionMode else { return }
        readings[attribute.text.sourceOffset(of: 0)] = ValueReading(mode: mode, type: attribute.type, isParameterValue: isParameterValue)
    }

    /// How the value `text` (an attribute value or a text run of this file) is read, if known.
    public func reading(of text: MappedText) -> ValueReading? {
        readings[text.sourceOffset(of: 0)]
    }
}
