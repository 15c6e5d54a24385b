import Foundation

/// A Layout template converted to TermLayout (`termlayout port`).
public struct LayoutPortResult: Sendable {
    /// The TermLayout template, formatted.
    public var text: String
    /// What could not be carried over, each at its `file:line:column` in the Layout file.
    public var warnings: [Diagnostic]
    /// A sample value for each state key the template reads (for `NAME.state.json`), so
    /// the ported template previews and renders at once.
    public var sampleState: [String: Value]
}

/// Converts Layout (UIKit) templates: element names to widgets (`LayoutPortMaps`), UIKit
/// attributes to their terminal equivalents where one exists, UIKit-only symbols in
/// expressions (`safeAreaInsets.top`, `colors.red`) to constants; everything else is dropped
/// with a warning naming the file and line.
public struct LayoutPort {
    let source: SourceText
    let registry: WidgetRegistry
    private var warnings: [Diagnostic] = []
    private var comments: [Range<Int>] = []
    /// The `cell` attribute for the root, until the root is written.
    private var rootCell: String?

    /// Ports `source`; `directory` is where the result will live (for includes while
    /// formatting); `cell` (`4x8`), if given, is written on the root as its points per cell.
    /// Throws the XML error if the file does not parse.
    public static func port(_ source: SourceText, directory: String, cell: String? = nil,
                            registry: WidgetRegistry = .standard) throws(Diagnostic) -> LayoutPortResult {
        let document: MarkupDocument
        do throws(Diagnostic) {
            document = try MarkupReader.read(source)
        } catch {
            throw ExcerptPolicy.forMarkup(error, in: source.text)
        }
        // `<View>`, `<Column>` …: a TermLayout template already, which porting would rescale
        // and strip (its own attributes are not UIKit's). Said as a warning: skipped, not failed.
        if registry.widget(named: document.root.name) != nil {
            throw Diagnostic(.warning, "skipped: <\(document.root.name)> is a TermLayout element, so this is a TermLayout template already, not a Layout one",
                             in: source, at: document.root.nameRange)
        }
        var port = LayoutPort(source: source, registry: registry)
        port.comments = document.comments
        port.rootCell = cell
        var text = ""
        port.emit(document.root, into: &text)
        let path = PathName.joining(directory, PathName.name(of: source.path))
        let file = TemplateSourceFile(source: SourceText(path: path, text: text), registry: registry)
        let formatted = TemplateFormatter.format(file) ?? text
        return LayoutPortResult(text: formatted, warnings: port.warningsInOrder, sampleState: sampleState(for: file, registry: registry))
    }

    /// Sample state for a ported template once it and the files it includes are in place
    /// (only a template that loads says how each value is read).
    /// The keys the files it includes read are in it too (the template's own win), so
    /// `Examples.xml`, tabs of included screens, shows each screen's rows.
    public static func sampleState(for file: TemplateSourceFile, registry: WidgetRegistry = .standard) -> [String: Value] {
        var visited: Set<String> = [file.source.path]
        return sampleState(for: file, registry: registry, visited: &visited)
    }

    private static func sampleState(for file: TemplateSourceFile, registry: WidgetRegistry, visited: inout Set<String>) -> [String: Value] {
        var state = SampleState.values(for: file, registry: registry)
        sampleMembers(for: file, into: &state)
        sampleRows(for: file, registry: registry, into: &state)
        let folder = PathName.folder(of: file.source.path)
        for include in TemplateInventory(file, registry: registry).includes {
            let path = PathName.joining(folder, include)
            guard visited.insert(path).inserted, let included = try? TemplateSourceFile(path: path, root: file.root, registry: registry) else { continue }
            state.merge(sampleState(for: included, registry: registry, visited: &visited)) { own, other in merged(own, other) }
        }
        return state
    }

    /// Two sample values of one key: objects (and rows of objects) have the members of both.
    private static func merged(_ own: Value, _ other: Value) -> Value {
        switch (own, other) {
        case (.object(let a), .object(let b)):
            return .object(a.merging(b) { x, y in merged(x, y) })
        case (.array(let a), .array(let b)) where a.count == b.count:
            return .array(zip(a, b).map { merged($0, $1) })
        default:
            return own
        }
    }

    // MARK: Elements

    /// Writes `element` ported; `inStack`: its parent is a `UIStackView`; `inFlex`: its
    /// parent became a Row or Column (so a List can grow to fill it).
    mutating func emit(_ element: MarkupElement, inStack: Bool = false, inFlex: Bool = false, into text: inout String) {
        if ["param", "macro", "children"].contains(element.name) {
            emitDirective(element, into: &text)
            return
        }
        if LayoutPortMaps.listViews.contains(element.name), element.elements.contains(where: { LayoutPortMaps.cells.contains($0.name) }) {
            emitList(element, inStack: inStack, inFlex: inFlex, into: &text)
            return
        }
        if let reason = LayoutPortMaps.droppedElements[element.name] {
            warn("<\(element.name)> dropped: \(reason)", at: element.nameRange)
            return
        }
        let widgetName = self.widgetName(for: element)
        guard let widget = registry.widget(named: widgetName) else { return }
        text += "<\(widgetName)"
        emitRootCell(into: &text)
        emitAttributes(of: element, as: widget, inStack: inStack, into: &text)
        text += ">"
        if LayoutPortMaps.cells.contains(element.name) || element.name == "UITableViewHeaderFooterView" {
            text += cellLabels(of: element)
        }
        let takesBody = widget.property("text")?.type == .string && !widget.acceptsChildren
        var body = ""
        for item in contentInOrder(element) {
            switch item {
            case .comment(let range):
                text += String(decoding: source.bytes[range], as: UTF8.self)
            case .content(.element(let child)):
                if takesBody && registry.widget(named: child.name) == nil && !Self.isUIKit(child.name) {
                    emitBody(child, into: &body)
                } else if widget.acceptsChildren || ["param", "macro"].contains(child.name) {
                    emit(child, inStack: element.name == "UIStackView", inFlex: [.row, .column].contains(widget.childLayout), into: &text)
                } else {
                    warn("<\(child.name)> inside <\(element.name)> has no terminal equivalent (a \(widgetName) has no children); dropped", at: child.nameRange)
                }
            case .content(.text(let content)):
                if takesBody { body += TemplateFormatter.escapeText(content.value.collapsingSpaces) }
            case .content(.processingInstruction):
                continue
            }
        }
        text += body.trimmingCharacters(in: .whitespaces) + "</\(widgetName)>"
    }

    private static func isUIKit(_ name: String) -> Bool { LayoutPortMaps.elements[name] != nil }

    /// ` cell="4x8"` on the first element written (the root), if port was given one.
    mutating func emitRootCell(into text: inout String) {
        guard let cell = rootCell else { return }
        text += " \(CellSizeAttribute.name)=\"\(cell)\""
        rootCell = nil
    }

    /// The element's attributes, converted for `widget`, as ` name="value"` text.
    mutating func emitAttributes(of element: MarkupElement, as widget: WidgetDescriptor, inStack: Bool, into text: inout String) {
        // Found once, not once per attribute: an element may have thousands.
        let isComposed = element.attribute("xml") != nil || element.attribute("template") != nil
        for attribute in element.attributes {
            if inStack, LayoutPortMaps.stackIgnoredFrame.contains(attribute.name) {
                // Layout's README.md:1695 (UIStackView): a stack's arranged subviews keep width
                // and height; top, left, bottom, right and centre are ignored.
                warn("attribute '\(attribute.name)' of <\(element.name)> dropped: a UIStackView (now a Row or Column) places its children, so their position is ignored",
                     at: attribute.nameRange)
                continue
            }
            for (name, value) in convert(attribute, of: element, to: widget, isComposed: isComposed) {
                text += " \(name)=\"\(TemplateFormatter.escapeAttribute(value))\""
            }
        }
    }

    mutating func widgetName(for element: MarkupElement) -> String {
        if element.name == "UIStackView" {
            return element.attribute("axis")?.value.value.contains("horizontal") == true ? "Row" : "Column"
        }
        if let mapped = LayoutPortMaps.elements[element.name] { return mapped }
        if registry.widget(named: element.name) != nil { return element.name }
        if element.name.hasSuffix("ViewController") {
            warn("<\(element.name)> is the app's own view controller; ported as its view, a <View>", at: element.nameRange)
        } else {
            warn("<\(element.name)> is not a UIKit class TermLayout knows; ported as a <View>", at: element.nameRange)
        }
        return "View"
    }

    /// `<param>`, `<macro>`, `<children/>` as they are (a parameter of a type no terminal has is dropped).
    private mutating func emitDirective(_ element: MarkupElement, into text: inout String) {
        if element.name == "param", let type = element.attribute("type")?.value.value,
           TemplateConverter.parameterTypes[TemplateConverter.layoutParameterTypes[type] ?? type] == nil {
            warn("parameter type '\(type)' has no terminal equivalent; the parameter is dropped", at: element.nameRange)
            return
        }
        text += "<\(element.name)"
        for attribute in element.attributes {
            text += " \(attribute.name)=\"\(TemplateFormatter.escapeAttribute(attribute.value.value))\""
        }
        // A component shown alone (as Layout's sample components are) has no value for a
        // parameter its includer passes: a sample default lets it render and check alone,
        // and an includer's value still wins.
        if element.name == "param", element.attribute("value") == nil, let name = element.attribute("name")?.value.value,
           let type = element.attribute("type")?.value.value, let sample = Self.sampleDefault(forParameterOfType: type, named: name) {
            text += " value=\"\(TemplateFormatter.escapeAttribute(sample))\""
            warn("parameter '\(name)' has no default; given the sample value=\"\(sample)\" so the file renders alone (remove it to require the parameter)",
                 at: element.nameRange)
        }
        text += "/>"
    }

    /// A default for a parameter of Layout type `type` with no value of its own: its name for
    /// text, 0 for a number, false for a bool; `nil` for other types.
    static func sampleDefault(forParameterOfType type: String, named name: String) -> String? {
        switch TemplateConverter.layoutParameterTypes[type] ?? type {
        case "string": name
        case "number": "0"
        case "bool": "false"
        default: nil
        }
    }

    /// A label's body: `<b>`, `<i>`, `<u>`, `<br/>` … kept, HTML blocks (`<p>`, `<li>`) unwrapped.
    private mutating func emitBody(_ element: MarkupElement, into text: inout String) {
        let kept = TemplateConverter.inlineTags.contains(element.name)
        if !kept && !LayoutPortMaps.unwrappedBodyTags.contains(element.name) {
            warn("<\(element.name)> in a label's text has no terminal equivalent; its text is kept", at: element.nameRange)
        }
        if element.name == "li" { text += "• " }
        if kept {
            text += "<\(element.name)"
            for attribute in element.attributes where element.name == "span" && attribute.name == "color" {
                text += " color=\"\(TemplateFormatter.escapeAttribute(attribute.value.value))\""
            }
            text += element.content.isEmpty ? "/>" : ">"
        }
        for content in element.content {
            switch content {
            case .element(let child): emitBody(child, into: &text)
            case .text(let body):
                text += TemplateFormatter.escapeText(body.value.collapsingSpaces)
            case .processingInstruction: continue
            }
        }
        if kept && !element.content.isEmpty { text += "</\(element.name)>" }
        if ["p", "li", "h1", "h2", "h3"].contains(element.name) { text += "<br/>" }
    }

    private enum Item {
        case content(MarkupContent)
        case comment(Range<Int>)
    }

    /// The element's content with the comments directly inside it, in document order.
    private func contentInOrder(_ element: MarkupElement) -> [Item] {
        var items: [(Int, Item)] = comments.filter { comment in
            element.contentRange.contains(comment.lowerBound) && !element.elements.contains { $0.range.contains(comment.lowerBound) }
        }.map { ($0.lowerBound, .comment($0)) }
        for content in element.content {
            switch content {
            case .element(let child): items.append((child.range.lowerBound, .content(content)))
            case .text(let text): items.append((text.sourceOffset(of: 0), .content(content)))
            case .processingInstruction(_, let text): items.append((text.sourceOffset(of: 0), .content(content)))
            }
        }
        return items.sorted { $0.0 < $1.0 }.map(\.1)
    }

    // MARK: Attributes

    /// The TermLayout attributes for a UIKit one (none when it has no equivalent).
    mutating func convert(_ attribute: MarkupAttribute, of element: MarkupElement, to widget: WidgetDescriptor,
                                  isComposed: Bool) -> [(String, String)] {
        let name = attribute.name, value = attribute.value.value
        let literal = value.trimmingCharacters(in: .whitespaces)
        func has(_ property: String) -> Bool { widget.property(property) != nil }
        if let part = LayoutPortMaps.cellLabelPart(of: name), LayoutPortMaps.hasCellLabels(element.name) {
            // The cell's text labels become Labels of their own (``cellLabels(of:)``).
            if LayoutPortMaps.cellLabelAttributes.contains(part) { return [] }
            warn("attribute '\(name)' of <\(element.name)> has no terminal equivalent; dropped", at: attribute.nameRange)
            return []
        }
        var result: [(String, String)] = []
        switch name {
        case "axis" where element.name == "UIStackView":
            return []  // chose Row or Column
        case "alignment" where element.name == "UIStackView":
            if let align = LayoutPortMaps.stackAlignments[literal] { result = [("align", align)] }
        case "font":
            let words = literal.lowercased()
            if words.contains("bold"), has("bold") { result.append(("bold", "true")) }
            if words.contains("italic"), has("italic") { result.append(("italic", "true")) }
            if result.isEmpty { warn("font '\(literal)' has no terminal equivalent (a terminal has one font); dropped", at: attribute.nameRange) }
            return result
        case "numberOfLines" where has("lines"):
            if literal == "1" { return [("wrap", "none")] }
            return literal == "0" ? [] : [("lines", rewrite(value, as: .number()))]
        case "textAlignment" where has("alignment"):
            if let alignment = LayoutPortMaps.textAlignments[literal] { result = [("alignment", alignment)] }
        case "isEnabled" where has("disabled"):
            result = [("disabled", "!(\(rewrite(value, as: .bool)))")]
        case "lineBreakMode" where has("wrap"):
            result = [("wrap", literal.contains("Char") ? "char" : literal.contains("Word") ? "word" : "none")]
        default:
            let target = LayoutPortMaps.kept.contains(name) ? name : LayoutPortMaps.renamed[name]
            if isComposed, Symbol.isPlainIdentifier(name),
               target.flatMap(widget.property) == nil {
                return [(name, value)]  // a parameter of the composed template
            }
            if let target, let property = widget.property(target) {
                if let mode = property.type.expressionMode {
                    for call in Self.customCalls(in: value, reading: ValueReading(mode: mode, type: property.type)) {
                        warn("function '\(call.name)' is not a TermLayout function (in Layout the app gives it from Swift); the call is replaced by its first argument",
                             at: attribute.value.sourceRange(of: call.range))
                    }
                }
                let converted = property.type.expressionMode == nil ? value : rewrite(value, as: property.type)
                result = [(target, name == "touchUpInside" || name == "valueChanged" ? Self.actionName(converted) : converted)]
            }
        }
        if result.isEmpty {
            warn("attribute '\(name)' of <\(element.name)> has no terminal equivalent; dropped", at: attribute.nameRange)
        }
        return result
    }

    /// Layout's action attributes name a selector (`toggle:`); TermLayout's a plain action.
    private static func actionName(_ text: String) -> String {
        text.hasSuffix(":") ? String(text.dropLast()) : text
    }

    /// `text` with UIKit-only symbols replaced: insets are 0, `colors.NAME` is a palette
    /// color, `tintColor` is blue. Text that does not parse is kept for `check` to report.
    func rewrite(_ text: String, as type: PropertyType) -> String {
        guard let mode = type.expressionMode else { return text }
        let reading = ValueReading(mode: mode, type: type)
        let bytes = Array(text.utf8)
        let calls = Self.customCalls(in: text, reading: reading)
        var edits: [TextEdit] = calls.map { call in
            TextEdit(range: call.range, replacement: call.argument.map { String(decoding: bytes[$0], as: UTF8.self) } ?? (type == .number() ? "0" : "''"))
        }
        for reference in ExpressionSyntax.references(in: text, reading: reading) where !reference.isCall
        && !calls.contains(where: { $0.range.contains(reference.symbol.range.lowerBound) }) {
            let path = reference.symbol.path
            if path.contains("safeAreaInsets") || path.first == "layoutMargins" || path.first == "contentInset" {
                edits.append(TextEdit(range: reference.symbol.range, replacement: "0"))
            } else if path.first == "colors", path.count == 2 {
                // Palette names and UIKit's own (`orange`, `darkGray` …) are colours as they are.
                let known = PaletteColor(name: path[1]) != nil || UIKitColors.color(named: path[1]) != nil
                let color = known ? path[1] : LayoutPortMaps.colorNames[path[1]] ?? "gray"
                edits.append(TextEdit(range: reference.symbol.range, replacement: color))
            } else if path.first == "strings", path.count > 2 {
                // Layout's keys may hold dots (`strings.Lorem.Ipsum`): one quoted member here.
                edits.append(TextEdit(range: reference.symbol.range, replacement: "strings.`\(path.dropFirst().joined(separator: "."))`"))
            } else if path == ["tintColor"] {
                edits.append(TextEdit(range: reference.symbol.range, replacement: "blue"))
            }
        }
        return TextEdit.apply(edits, to: text)
    }

    /// The warnings in the order of their places in the file.
    private var warningsInOrder: [Diagnostic] {
        warnings.enumerated().sorted { ($0.element.location?.offset ?? 0, $0.offset) < ($1.element.location?.offset ?? 0, $1.offset) }.map(\.element)
    }

    mutating func warn(_ message: String, at range: Range<Int>, severity: Diagnostic.Severity = .warning) {
        warnings.append(Diagnostic(severity, message, in: source, at: range))
    }
}

private extension String {
    /// Runs of white space (line breaks included) as one space, as HTML reads text.
    var collapsingSpaces: String {
        var result = ""
        for character in self {
            if character.isWhitespace {
                if result.last != " " { result.append(" ") }
            } else {
                result.append(character)
            }
        }
        return result
    }
}
