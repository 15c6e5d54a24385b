import Foundation

/// Turns one file's ``MarkupElement``s into ``TemplateElement``s: validates names against the
/// registry, applies classes, resolves `xml=` and `template=`, reads `<param>`, `<macro>`,
/// `<children/>` and label bodies, and parses every attribute's expression.
struct TemplateConverter {
    let session: LoadSession
    let file: FileContext
    /// Where the file's root element starts: only it may carry `cell`.
    var rootOffset: Int?

    /// Element names with a meaning of their own inside templates.
    static let directives = ["param", "macro", "children"]
    /// Inline markup allowed in a label's body.
    static let inlineTags = ["b", "strong", "i", "em", "u", "s", "br", "span"]

    /// Converts `element`, taking its content: child elements are dropped as they are
    /// converted (when `element` is the only reference to them), so a large file is not
    /// held twice, as markup and as template.
    /// `declaring` is the descriptor the element stands for where its parent gives child
    /// elements a meaning of their own (a Table's `<Column>` declarations); otherwise the
    /// registry's widget of its name.
    func convert(_ element: inout MarkupElement, declaring: WidgetDescriptor? = nil) -> TemplateElement? {
        guard session.budget.enter() else {
            session.reportLimit(error(session.budget.exceededMessage, at: element.nameRange))
            return nil
        }
        defer { session.budget.leave() }
        guard let widget = declaring ?? session.widget(named: element.name) else {
            let message = Self.directives.contains(element.name) || Self.inlineTags.contains(element.name)
                ? "<\(element.name)> is not allowed here" : "unknown element <\(element.name)>"
            let (suggestion, replacement) = session.elementSuggestion(for: element.name)
            session.report(error(message, at: element.nameRange, suggestion: suggestion, replacement: replacement))
            checkBeneathUnknownElement(element)
            return nil
        }
        let special = SpecialAttributes(element)
        guard var result = base(for: element, widget: widget, xml: special.xml(of: element), template: special.template(of: element)) else {
            return nil
        }
        let composing = special.xml || special.template
        // Parameters first: as in Layout, an attribute on the element that declares a
        // parameter is that parameter's default (`<Column caption="Default"><param name="caption" …/>`).
        readParameters(of: element, into: &result)
        if let classes = special.classes(of: element) { applyClasses(classes, to: &result) }
        // Each attribute is read in place: a copy costs a retain of each of its parts.
        for index in element.attributes.indices where !SpecialAttributes.isSpecial(element.attributes[index].name) {
            var name = element.attributes[index].name
            let nameRange = element.attributes[index].nameRange
            // Length first: most names are ruled out without comparing strings.
            if name.utf8.count == 4, name == CellSizeAttribute.name, element.nameRange.lowerBound != rootOffset,
               result.widget.propertyType(of: name) == .cellSize {
                session.report(error("'cell' (points per cell) is allowed only on the template's root element",
                                     at: nameRange, suggestion: "move cell=\"\(element.attributes[index].value.value)\" to the root element, or remove it"))
                continue
            }
            // Layout's `leading`/`trailing` edges, left to right: `left` and `right` (unless
            // the widget or a parameter has a property of that name itself).
            if let edge = Self.leftToRightEdge(of: name), result.parameters[name] == nil, result.widget.propertyType(of: name) == nil {
                if element.attributes.contains(where: { $0.name == edge }) {
                    session.report(error("redundant frame: '\(name)' and '\(edge)' both set the \(edge) edge (left to right)",
                                         at: nameRange, suggestion: "remove one of them"))
                    continue
                }
                // Layout's `trailing` is an inset from the right edge (its getter is the
                // container's width less the frame's maxX, LayoutNode.swift:1724–1731).
                if name == "trailing" { result.rightIsTrailingInset = true }
                name = edge
            }
            apply(name, element.attributes[index].value, source: file.source, nameRange: nameRange, origin: nil, to: &result)
        }
        checkRedundantFrame(result)
        let ownChildren = readContent(of: &element, into: &result, replacedByFile: special.xml)
        if special.template {
            // At the base's <children/>, wherever it is inside it, or else at the end.
            if !result.insertAtPlaceholder(ownChildren) { result.children += ownChildren }
            result.removePlaceholders()
        } else if special.xml {
            result.removePlaceholders()
        } else {
            result.children = ownChildren
        }
        if widget.childLayout == .rowTemplate { readRowTemplate(of: element, into: &result) }
        if declaring != nil { checkCellTemplate(of: &result) }
        if composing {
            checkParameters(of: result, at: element, given: Set(element.attributes.map(\.name)))
        }
        return result
    }

    /// An unknown element is reported once; its attributes' expressions (typed as any
    /// widget's property of that name types them) and its children are still checked, so
    /// one typo does not hide every other problem beneath it.
    private func checkBeneathUnknownElement(_ element: MarkupElement) {
        for attribute in element.attributes where !["xml", "template", "class", "id", "outlet"].contains(attribute.name) {
            guard let property = session.registry.anyProperty(named: attribute.name) else { continue }
            _ = compile(attribute.name, type: property.type, text: attribute.value, source: file.source, origin: nil)
        }
        for case .element(var child) in element.content where !Self.directives.contains(child.name) {
            _ = convert(&child)
        }
    }

    // MARK: Composition

    /// A List's row template: its one child element, or the file named by `row=`; kept as
    /// the List's only child element, from which each visible row is built.
    private func readRowTemplate(of element: MarkupElement, into result: inout TemplateElement) {
        if let row = element.attribute("row") {
            guard result.children.isEmpty else {
                session.report(error("a List takes its row template from row= or from a child element, not both", at: row.nameRange))
                return
            }
            let attribute = literal(row, type: .path)
            if let loaded = session.loadFile(path: file.resolve(row.value.value), chain: file.chain, includedBy: attribute) {
                result.children = [loaded]
            }
        } else if result.children.count > 1 {
            session.report(Diagnostic(.error, "a List has one row template, but this one has \(result.children.count) child elements",
                                      at: result.children[1].location,
                                      suggestion: "wrap the row's content in one <Row> or <Column>"))
            result.children = Array(result.children.prefix(1))
        }
    }

    /// A Table column's cell template: one child element, without children (it is drawn in
    /// one cell of one row).
    private func checkCellTemplate(of result: inout TemplateElement) {
        if result.children.count > 1 {
            session.report(Diagnostic(.error, "a Table column has one cell template, but this one has \(result.children.count) child elements",
                                      at: result.children[1].location, suggestion: "keep one element, such as a <Label>"))
            result.children = Array(result.children.prefix(1))
        }
        if let cell = result.children.first, !cell.children.isEmpty {
            session.report(Diagnostic(.error, "a Table cell template is drawn in one cell, so it cannot have child elements",
                                      at: cell.children[0].location, suggestion: "use one widget, such as a <Label> with inline markup"))
            result.children[0].children = []
        }
    }

    /// The element to start from: a fresh one, or the root of the file named by `xml=` or `template=`.
    private func base(for element: MarkupElement, widget: WidgetDescriptor, xml: MarkupAttribute?, template: MarkupAttribute?) -> TemplateElement? {
        if xml != nil, let template {
            session.report(error("use either xml= or template=, not both", at: template.nameRange))
            return nil
        }
        guard let include = xml ?? template else {
            return TemplateElement(widget: widget, source: file.source, offset: element.nameRange.lowerBound,
                                   attributeCapacity: element.attributes.count)
        }
        let attribute = literal(include, type: .path)
        guard var loaded = session.loadFile(path: file.resolve(include.value.value), chain: file.chain, includedBy: attribute) else {
            return nil
        }
        if template != nil, loaded.widget.name != widget.name {
            session.report(error("template '\(include.value.value)' has a <\(loaded.widget.name)> root, but this is a <\(widget.name)>",
                                 at: element.nameRange, suggestion: "write <\(loaded.widget.name) template=\"…\">"))
            return nil
        }
        loaded.relocate(to: file.source, offset: element.nameRange.lowerBound)
        return loaded
    }

    private func applyClasses(_ classAttribute: MarkupAttribute, to result: inout TemplateElement) {
        var searchFrom = 0
        let bytes = Array(classAttribute.value.value.utf8)
        for name in classAttribute.value.value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            let start = Self.find(Array(name.utf8), in: bytes, from: searchFrom) ?? 0
            searchFrom = start + name.utf8.count
            let range = classAttribute.value.sourceRange(of: start..<searchFrom)
            guard let style = file.styles[name] else {
                session.report(error("unknown class '\(name)'", at: range,
                                     replacement: Suggestions.replacement(for: name, among: file.styles.keys),
                                     notes: file.styles.isEmpty ? ["define classes in Styles.json beside the template, or in <?properties {…}?>"] : []))
                continue
            }
            for (attributeName, text) in style.attributes {
                // Errors in a class's values point at the class name where it is used.
                let mapped = MappedText(value: text, anchors: [.init(valueOffset: 0, sourceOffset: range.lowerBound)])
                apply(attributeName, mapped, source: file.source, nameRange: range, origin: style.origin, to: &result)
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Every declared parameter without a default must be given a value.
    private func checkParameters(of result: TemplateElement, at element: MarkupElement, given: Set<String>) {
        for (name, declaration) in result.parameters.sorted(by: { $0.key < $1.key })
        where declaration.defaultValue == nil && result.parameterValues[name] == nil && !given.contains(name) {
            session.report(error("missing parameter '\(name)' (\(declaration.type))", at: element.nameRange,
                                 suggestion: "add \(name)=\"…\"", notes: ["declared at \(declaration.location)"]))
        }
    }

    /// Each axis takes at most two of its start, end, size and centre: a third has no room.
    private func checkRedundantFrame(_ result: TemplateElement) {
        // Redundancy needs at least two of one axis's four (counted by comparing names:
        // cheaper than hashing them, for every element).
        guard result.properties.count >= 2 else { return }
        var horizontal = 0, vertical = 0
        for name in result.properties.keys {
            switch Self.frameAxis(of: name) {
            case .horizontal?: horizontal += 1
            case .vertical?: vertical += 1
            case nil: break
            }
        }
        guard horizontal >= 2 || vertical >= 2 else { return }
        for axis in [["left", "right", "width", "center.x"], ["top", "bottom", "height", "center.y"]] {
            let given = axis.filter { result.properties[$0] != nil }
            let redundant = given.count > 2 || (given.contains(axis[3]) && (given.contains(axis[0]) || given.contains(axis[1])))
            guard redundant, let last = given.last, let attribute = result.properties[last] else { continue }
            session.report(attribute.diagnostic("redundant frame: \(given.joined(separator: ", ")) are all set",
                                                suggestion: "remove one; the others determine '\(last)'",
                                                notes: ["an axis takes two of \(axis.joined(separator: ", ")), or \(axis[3]) with \(axis[2])"]))
        }
    }

    private enum Axis { case horizontal, vertical }

    /// Layout's direction-relative edges as the left-to-right edges they are here.
    static let leftToRight = ["leading": "left", "trailing": "right"]

    /// ``leftToRight``'s edge for `name`, found by length first: every attribute of every
    /// element is looked up, and hashing its name would cost more than the rest of the test.
    static func leftToRightEdge(of name: String) -> String? {
        switch name.utf8.count {
        case 7: name == "leading" ? "left" : nil
        case 8: name == "trailing" ? "right" : nil
        default: nil
        }
    }

    /// The axis a frame attribute sets; its length picks the candidates, so most names are
    /// ruled out without comparing strings.
    private static func frameAxis(of name: String) -> Axis? {
        switch name.utf8.count {
        case 3: name == "top" ? .vertical : nil
        case 4: name == "left" ? .horizontal : nil
        case 5: name == "width" || name == "right" ? .horizontal : nil
        case 6: name == "height" || name == "bottom" ? .vertical : nil
        case 8: name == "center.x" ? .horizontal : name == "center.y" ? .vertical : nil
        default: nil
        }
    }

    // MARK: Attributes

    private func apply(_ name: String, _ text: MappedText, source: SourceText, nameRange: Range<Int>, origin: String?,
                       to result: inout TemplateElement) {
        // A composed template's parameters take precedence over properties of the same name.
        if !result.parameters.isEmpty, let parameter = result.parameters[name] {
            if let attribute = compile(name, type: parameter.type, text: text, source: source, origin: origin) {
                result.parameterValues[name] = attribute
            }
        } else if let type = result.widget.propertyType(of: name) {
            // The class value this attribute replaces, if any (rare): noted once it is in.
            let overridden = origin == nil ? result.properties.index(forKey: name).flatMap { result.properties[attributeAt: $0].origin } : nil
            // Moved in, not copied: a copy costs a retain of each of its parts.
            if result.properties.set(compiled: compile(name, type: type, text: text, source: source, origin: origin, plainTextIsLiteral: true)),
               let overridden {
                result.properties[name]?.overrides = overridden
            }
        } else {
            // Layout's `leading`/`trailing`, which stand for `left`/`right`, are names too.
            let candidates = Array(result.widget.properties.keys) + Array(result.parameters.keys) + Self.leftToRight.keys
            let replacement = Suggestions.replacement(for: name, among: candidates)
            var diagnostic = Diagnostic(.error, "unknown attribute '\(name)' for \(result.widget.name)", in: source, at: nameRange,
                                        suggestion: replacement == nil ? Self.layoutNameSuggestion(name, for: result.widget) : nil,
                                        replacement: replacement)
            if let origin { diagnostic.notes.append("the attribute comes from \(origin)") }
            session.report(diagnostic)
        }
    }

    /// For a UIKit attribute name as Layout's templates write it (`backgroundColor`,
    /// `textColor`, `isHidden`), the name this widget has for it, if any.
    static func layoutNameSuggestion(_ name: String, for widget: WidgetDescriptor) -> String? {
        guard let renamed = LayoutPortMaps.renamed[name], renamed != name, widget.propertyType(of: renamed) != nil else { return nil }
        return "did you mean '\(renamed)'? ('\(name)' is UIKit's name; `termlayout port` converts a Layout template)"
    }

    private static let noConstants: [String: Value] = [:]

    /// Parses an attribute's text as its type requires, checking what can be checked now.
    /// With `plainTextIsLiteral`, a string's plain text (most labels' `text`) is kept as
    /// literal text with no expression: one object fewer per element.
    func compile(_ name: String, type: PropertyType, text: MappedText, source: SourceText, origin: String?,
                 plainTextIsLiteral: Bool = false) -> TemplateAttribute? {
        // Made where it is returned or reported, never copied: a copy costs a retain of each
        // of its parts, and every attribute of every element comes through here.
        func attribute(text: MappedText = text, expression: ParsedExpression? = nil) -> TemplateAttribute {
            TemplateAttribute(name: name, type: type, text: text, source: source, expression: expression, origin: origin)
        }
        guard let mode = type.expressionMode else {
            // `outlet="{name}"`: the outlet is named by a parameter (Layout's idiom).
            if name == "outlet", let parameter = TemplateElement.parameterReference(text.value), Symbol.isPlainIdentifier(parameter) {
                return attribute()
            }
            if type == .cellSize, let problem = CellSizeAttribute.problem(in: text.value) {
                session.report(attribute().diagnostic(problem, suggestion: "write it as cell=\"4x8\": 4 points per column, 8 per row"))
                return nil
            }
            if type == .name, !Symbol.isPlainIdentifier(text.value) {
                session.report(attribute().diagnostic("\(name) must be a plain name (letters, digits and _), not '\(text.value)'"))
                return nil
            }
            return attribute()
        }
        if plainTextIsLiteral, mode == .string, text.value.utf8.first != UInt8(ascii: "@"), ParsedExpression.isPlainText(text.value) {
            return attribute()
        }
        // An enumeration's cases are its constants (`alignment="center"`); no table otherwise.
        var constants = Self.noConstants
        if case .enumeration(let cases) = type {
            for name in cases { constants[name] = .string(name) }
        }
        var sourceText = text.value
        var shorthandText: MappedText?
        if mode == .string, text.value.utf8.first == UInt8(ascii: "@"), StringCalls.isShorthandKey(String(text.value.dropFirst())) {
            // MarkupKit's `@Key` shorthand for a localized string.
            sourceText = "{strings.\(text.value.dropFirst())}"
            // Offsets in the prefix map to the '@', offsets in the key to the key.
            let at = text.sourceOffset(of: 0)
            shorthandText = MappedText(value: sourceText, anchors: (0..<9).map { .init(valueOffset: $0, sourceOffset: at) }
                                       + [.init(valueOffset: 9, sourceOffset: at + 1)])
        }
        if mode == .expression {
            sourceText = ParsedExpression.removingOptionalBraces(sourceText)
            // `height="{// 10}"`, a value commented out, is no value: the attribute is left
            // unset, as Layout leaves it.
            if Self.isOnlyComments(sourceText) { return nil }
        }
        let expression: ParsedExpression
        do {
            expression = try session.expressions.expression(sourceText, mode: mode, constants: constants)
        } catch {
            session.report(attribute(text: shorthandText ?? text).diagnostic(for: error))
            return nil
        }
        let compiled = attribute(text: shorthandText ?? text, expression: expression)
        guard checkType(of: compiled, expression) && checkStrings(compiled, expression) else { return nil }
        return compiled
    }

    /// Whether `text` holds `//` comments and nothing else (not even blank: an empty value
    /// is an error of its own).
    static func isOnlyComments(_ text: String) -> Bool {
        // Most values hold no '/' at all: no need to split them into lines.
        guard text.utf8.contains(UInt8(ascii: "/")) else { return false }
        var sawComment = false
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("//") else { return false }
            sawComment = true
        }
        return sawComment
    }

    private func checkType(of attribute: TemplateAttribute, _ expression: ParsedExpression) -> Bool {
        if let expected = attribute.type.valueType, let actual = expression.type, actual != expected, actual != .nil {
            session.report(attribute.diagnostic("'\(attribute.name)' must be \(expected.withArticle), but this is \(actual.withArticle)",
                                                suggestion: expected == .string ? nil : Self.hint(for: attribute.type)))
            return false
        }
        if case .enumeration(let cases) = attribute.type {
            if case .string(let value)? = expression.constantValue, !cases.contains(value) {
                session.report(attribute.diagnostic("'\(value)' is not a value of '\(attribute.name)'",
                                                    replacement: Suggestions.replacement(for: value, among: cases),
                                                    notes: ["'\(attribute.name)' is one of: \(cases.joined(separator: ", "))"]))
                return false
            }
            // A lone name that is not a case is read from state, unless it is a plain typo of one.
            if expression.symbols.count == 1, let symbol = expression.symbols.first, symbol.members.isEmpty,
               Blanks.trimming(expression.source) == symbol.head,
               let replacement = Suggestions.replacement(for: symbol.head, among: cases) {
                session.report(attribute.diagnostic("'\(symbol.head)' is not a value of '\(attribute.name)'", replacement: replacement,
                                                    notes: ["'\(attribute.name)' is one of: \(cases.joined(separator: ", "))"]))
                return false
            }
        }
        return true
    }

    private static func hint(for type: PropertyType) -> String? {
        switch type {
        case .color: "write a color such as #0af, rgb(0, 160, 255) or blue"
        case .number: "write a number or an expression such as 50% or parent.width - 2"
        case .bool: "write true, false or a comparison"
        default: nil
        }
    }

    /// Every `strings.Key` an expression reads must exist.
    private func checkStrings(_ attribute: TemplateAttribute, _ expression: ParsedExpression) -> Bool {
        var valid = true
        for symbol in expression.symbols where symbol.root == .name("strings") {
            guard !symbol.members.isEmpty else {
                session.report(attribute.diagnostic(for: ExpressionError(.unknownSymbol, "'strings' needs a key, as in strings.Title",
                                                                         at: symbol.range)))
                valid = false
                continue
            }
            if let found = session.strings.key(spelledBy: symbol.members) {
                // `strings.Signup.Nme` with keys `Signup` and `Signup.NameLabel`: misspelt.
                if let meant = session.nearestDottedString(spelledBy: symbol.members, after: found) {
                    session.report(attribute.diagnostic(for: ExpressionError(
                        .unknownSymbol, "unknown string '\(symbol.members.joined(separator: "."))'",
                        at: symbol.range(ofMember: 0).lowerBound..<symbol.range.upperBound, suggestion: "did you mean '\(meant)'?")))
                    valid = false
                }
            } else {
                let key = symbol.members.joined(separator: ".")
                let refused = session.refusedResources.contains("Localizable.strings") || session.refusedResources.contains("Strings.json")
                let notes = !session.strings.files.isEmpty ? ["strings come from " + session.strings.files.joined(separator: ", ")]
                    : refused ? [] // Why the file was refused is reported on its own.
                    : ["no Localizable.strings or Strings.json was found beside the template"]
                session.report(attribute.diagnostic(for: ExpressionError(
                    .unknownSymbol, "unknown string '\(key)'", at: symbol.range(ofMember: 0).lowerBound..<symbol.range.upperBound,
                    suggestion: session.suggestString(for: key), notes: notes)))
                valid = false
            }
        }
        return valid && checkStringCalls(attribute, expression)
    }

    /// Every `strings.Key(…)` call passes as many arguments as the string's format takes,
    /// and the format is one that can be applied (reported at the key's first use).
    private func checkStringCalls(_ attribute: TemplateAttribute, _ expression: ParsedExpression) -> Bool {
        // Parsed again as a tree only where a string is used: the first frame pays nothing.
        guard expression.symbols.contains(where: { $0.root == .name("strings") }) else { return true }
        var valid = true
        for call in StringCalls.calls(in: expression.source, mode: expression.mode) {
            guard let format = session.strings.entries[call.key],
                  let problem = StringCalls.problem(key: call.key, format: format, arguments: call.arguments),
                  let symbol = expression.symbols.first(where: { $0.root == .name("strings") && $0.members.joined(separator: ".") == call.key })
            else { continue }
            session.report(attribute.diagnostic(for: ExpressionError(
                .wrongArgumentCount, problem, at: symbol.range, notes: ["the string is \"\(format)\""])))
            valid = false
        }
        return valid
    }

    private func literal(_ attribute: MarkupAttribute, type: PropertyType) -> TemplateAttribute {
        TemplateAttribute(name: attribute.name, type: type, text: attribute.value, source: file.source, expression: nil, origin: nil)
    }

    func error(_ message: String, at range: Range<Int>, suggestion: String? = nil, replacement: NameReplacement? = nil,
               notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, in: file.source, at: range, suggestion: suggestion, replacement: replacement, notes: notes)
    }
}

/// The attributes of an element that are not properties: `xml=`, `template=` and `class=`,
/// found in one pass. Kept as positions: most elements have none, and copying an attribute
/// costs a retain of each of its parts.
private struct SpecialAttributes {
    private var xmlIndex: Int?
    private var templateIndex: Int?
    private var classIndex: Int?

    init(_ element: MarkupElement) {
        // Names are compared in place: most elements have none of these.
        for index in element.attributes.indices where Self.isSpecial(element.attributes[index].name) {
            switch element.attributes[index].name {
            case "xml": xmlIndex = index
            case "template": templateIndex = index
            default: classIndex = index
            }
        }
    }

    /// Whether the element has `xml=` (it is replaced by that file).
    var xml: Bool { xmlIndex != nil }
    /// Whether the element has `template=` (it extends that file).
    var template: Bool { templateIndex != nil }

    func xml(of element: MarkupElement) -> MarkupAttribute? { xmlIndex.map { element.attributes[$0] } }
    func template(of element: MarkupElement) -> MarkupAttribute? { templateIndex.map { element.attributes[$0] } }
    func classes(of element: MarkupElement) -> MarkupAttribute? { classIndex.map { element.attributes[$0] } }

    static func isSpecial(_ name: String) -> Bool {
        // Lengths first: most names are ruled out without comparing strings.
        switch name.utf8.count {
        case 3: name == "xml"
        case 5: name == "class"
        case 8: name == "template"
        default: false
        }
    }
}
