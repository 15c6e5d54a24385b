import Foundation

/// Element content: `<param>`, `<macro>`, `<children/>`, child widgets and label bodies.
extension TemplateConverter {
    /// Reads the content of `element` into `result` (declarations, macros, body) and returns
    /// the child elements it contributes. Takes the content out of `element`, and drops each
    /// child's markup as soon as it is converted.
    func readContent(of element: inout MarkupElement, into result: inout TemplateElement, replacedByFile: Bool) -> [TemplateElement] {
        var children: [TemplateElement] = []
        // Usually every item is a child element: one allocation, not one per doubling.
        if result.widget.acceptsChildren { children.reserveCapacity(element.content.count) }
        let takesBody = result.widget.takesBody
        var bodyContent: [MarkupContent] = []
        var contents = element.content
        element.content = []
        for index in contents.indices {
            // Moved out of the array, so `item` alone holds the child's markup.
            var item = Self.convertedContent
            swap(&item, &contents[index])
            var convertsChild = false
            switch item {
            case .processingInstruction:
                continue
            case .text(let text):
                if takesBody {
                    guard chargeRun(at: text.sourceRange(of: 0..<min(1, text.value.utf8.count))) else { break }
                    bodyContent.append(.text(text))
                } else if !text.value.allSatisfy(\.isWhitespace) {
                    let trimmed = text.value.prefix { $0.isWhitespace }.utf8.count
                    session.report(error("text is not allowed inside <\(result.widget.name)>",
                                         at: text.sourceRange(of: trimmed..<(trimmed + 1)),
                                         suggestion: "put text in a <Label>"))
                }
            case .element:
                // The child is looked at in place (a copy costs a retain of each of its
                // parts), and taken out only to be converted.
                let (name, nameRange) = item.elementName ?? ("", 0..<0)
                switch name {
                case "param": continue  // read before the attributes (``readParameters``)
                case "macro": if let child = item.takeElement() { readMacro(child, into: &result) }
                case "children":
                    if result.childrenPlaceholder != nil {
                        session.report(error("a template has one <children/> placeholder at most", at: nameRange))
                    }
                    result.childrenPlaceholder = children.count
                case _ where takesBody && session.widget(named: name) == nil:
                    guard chargeRun(at: nameRange) else { break }
                    if let child = item.takeElement() { bodyContent.append(.element(child)) }
                default:
                    if !result.widget.acceptsChildren {
                        session.report(error("<\(result.widget.name)> cannot have child elements", at: nameRange,
                                             notes: takesBody ? ["a label's body may use \(Self.inlineTags.map { "<\($0)>" }.joined(separator: " "))"] : []))
                    } else if replacedByFile {
                        session.report(error("a node with xml= is replaced by that file and cannot have children", at: nameRange,
                                             suggestion: "use template= to extend a file with children"))
                    } else if result.widget.childLayout == .tableColumns, name != TableColumnWidget.name {
                        session.report(error("a <\(result.widget.name)>'s child elements declare its columns: <\(name)> is not a <Column>",
                                             at: nameRange, suggestion: "write <Column header=\"…\" value=\"item.key\"/>"))
                    } else {
                        convertsChild = true
                    }
                }
            }
            // Once `item` lets go, the child's markup is freed as it is converted.
            let declaring = result.widget.childLayout == .tableColumns ? TableColumnWidget.descriptor : nil
            if convertsChild, var child = item.takeElement(), let converted = convert(&child, declaring: declaring) {
                children.append(converted)
            }
        }
        let hasText = bodyContent.contains { content in
            if case .text(let text) = content { !text.value.allSatisfy(\.isWhitespace) } else { true }
        }
        if hasText {
            if let text = result.properties["text"], text.origin == nil {
                session.report(error("give the text either in the body or in text=, not both", at: element.nameRange,
                                     notes: ["text= is at \(text.source.location(of: text.text.sourceOffset(of: 0)))"]))
            } else if !session.budget.exhausted {
                result.body = readRuns(bodyContent, style: [], color: nil, charged: true)
            }
        }
        return children
    }

    /// What stands in the content array for an item taken out to convert.
    static let convertedContent = MarkupContent.text(MappedText("", at: 0))

    private func requiredAttribute(_ name: String, of element: MarkupElement) -> MarkupAttribute? {
        if let attribute = element.attribute(name) { return attribute }
        session.report(error("<\(element.name)> needs a '\(name)' attribute", at: element.nameRange))
        return nil
    }

    private func rejectOtherAttributes(of element: MarkupElement, allowed: [String]) -> Bool {
        var valid = true
        for attribute in element.attributes where !allowed.contains(attribute.name) {
            session.report(error("unknown attribute '\(attribute.name)' for <\(element.name)>", at: attribute.nameRange,
                                 replacement: Suggestions.replacement(for: attribute.name, among: allowed)))
            valid = false
        }
        return valid
    }

    static let parameterTypes: [String: PropertyType] = [
        "number": .number(), "bool": .bool, "string": .string, "color": .color, "array": .array, "action": .action,
    ]

    /// Layout's (UIKit's) type names for parameters, where they mean something in a terminal.
    static let layoutParameterTypes: [String: String] = [
        "String": "string", "NSString": "string", "NSAttributedString": "string", "Character": "string",
        "Bool": "bool", "CGFloat": "number", "Double": "number", "Float": "number", "Int": "number", "NSInteger": "number",
        "UInt": "number", "NSNumber": "number", "TimeInterval": "number",
        "UIColor": "color", "CGColor": "color", "Array": "array", "NSArray": "array", "Selector": "action",
    ]

    /// The element's own `<param>` declarations, read before its attributes.
    func readParameters(of element: MarkupElement, into result: inout TemplateElement) {
        for index in element.content.indices {
            // Names are compared in place: most children are not parameters.
            guard element.content[index].isElement(named: "param"), case .element(let child) = element.content[index] else { continue }
            readParameter(child, into: &result)
        }
    }

    private func readParameter(_ element: MarkupElement, into result: inout TemplateElement) {
        guard rejectOtherAttributes(of: element, allowed: ["name", "type", "value"]),
              let name = requiredAttribute("name", of: element), let typeName = requiredAttribute("type", of: element) else { return }
        let written = typeName.value.value
        guard let type = Self.parameterTypes[Self.layoutParameterTypes[written] ?? written] else {
            let known = Array(Self.parameterTypes.keys) + Array(Self.layoutParameterTypes.keys)
            // UIKit's and Core Graphics' other types (UIFont, UIImage, CGRect …) have no terminal meaning.
            let isPlatformType = ["UI", "CG", "NS"].contains { written.hasPrefix($0) }
            session.report(error(isPlatformType ? "parameter type '\(written)' has no equivalent in a terminal" : "unknown parameter type '\(written)'",
                                 at: typeName.value.sourceRange(of: 0..<written.utf8.count),
                                 suggestion: isPlatformType ? nil : Suggestions.didYouMean(written, among: known),
                                 notes: ["types: " + Self.parameterTypes.keys.sorted().joined(separator: ", ")
                                         + " (and Layout's String, Bool, CGFloat, UIColor …)"]))
            return
        }
        guard Symbol.isPlainIdentifier(name.value.value) else {
            session.report(error("a parameter name must be a plain name", at: name.value.sourceRange(of: 0..<name.value.value.utf8.count)))
            return
        }
        let defaultValue = element.attribute("value").flatMap {
            compile(name.value.value, type: type, text: $0.value, source: file.source, origin: nil)
        }
        result.parameters[name.value.value] = ParameterDeclaration(
            name: name.value.value, type: type, defaultValue: defaultValue, location: file.source.location(of: element.nameRange.lowerBound))
    }

    private func readMacro(_ element: MarkupElement, into result: inout TemplateElement) {
        guard rejectOtherAttributes(of: element, allowed: ["name", "value"]),
              let name = requiredAttribute("name", of: element), let value = requiredAttribute("value", of: element) else { return }
        guard Symbol.isPlainIdentifier(name.value.value) else {
            session.report(error("a macro name must be a plain name", at: name.value.sourceRange(of: 0..<name.value.value.utf8.count)))
            return
        }
        // Macros are untyped expressions, checked where they are used.
        guard let attribute = compile(name.value.value, type: .any, text: value.value, source: file.source, origin: nil) else {
            return
        }
        result.macros[name.value.value] = attribute
    }

    // MARK: Label bodies

    /// Counts one piece of a label's body against the load's budget; `false` (and the limit
    /// reported, once) when that exceeds it.
    private func chargeRun(at range: Range<Int>) -> Bool {
        guard !session.budget.exhausted else { return false }
        if session.budget.chargeRun() { return true }
        session.reportLimit(error(session.budget.exceededMessage, at: range))
        return false
    }

    /// `Hello <b>{name}</b>, <span color="red">welcome</span><br/>` as styled runs. The
    /// items of `content` are charged to the budget here unless the caller did (`charged`).
    private func readRuns(_ content: [MarkupContent], style: TextStyle, color: TemplateAttribute?, charged: Bool) -> [TextRunTemplate] {
        var runs: [TextRunTemplate] = []
        for item in content {
            if !charged {
                switch item {
                case .text(let text): guard chargeRun(at: text.sourceRange(of: 0..<min(1, text.value.utf8.count))) else { return runs }
                case .element(let element): guard chargeRun(at: element.nameRange) else { return runs }
                case .processingInstruction: break
                }
            }
            switch item {
            case .text(let text):
                guard let attribute = compile("text", type: .string, text: text, source: file.source, origin: nil) else { continue }
                runs.append(TextRunTemplate(text: attribute, style: style, color: color))
            case .element(let element):
                var innerStyle = style
                var innerColor = color
                switch element.name {
                case "b", "strong": innerStyle.insert(.bold)
                case "i", "em": innerStyle.insert(.italic)
                case "u": innerStyle.insert(.underline)
                case "s": innerStyle.insert(.strikethrough)
                case "br":
                    runs.append(TextRunTemplate(text: TemplateAttribute(name: "text", type: .string, text: MappedText("\n", at: element.nameRange.lowerBound),
                                                                        source: file.source, expression: try? ParsedExpression("\n", mode: .string), origin: nil),
                                                style: style, color: color, isLineBreak: true))
                    continue
                case "span":
                    guard rejectOtherAttributes(of: element, allowed: ["color"]) else { continue }
                    if let colorAttribute = element.attribute("color") {
                        innerColor = compile("color", type: .color, text: colorAttribute.value, source: file.source, origin: nil)
                    }
                default:
                    session.report(error("<\(element.name)> is not allowed in a label's text", at: element.nameRange,
                                         replacement: Suggestions.replacement(for: element.name, among: Self.inlineTags),
                                         notes: ["a label's body may use \(Self.inlineTags.map { "<\($0)>" }.joined(separator: " "))"]))
                    continue
                }
                if element.name != "span" { _ = rejectOtherAttributes(of: element, allowed: []) }
                runs += readRuns(element.content, style: innerStyle, color: innerColor, charged: false)
            case .processingInstruction:
                continue
            }
        }
        return runs
    }
}

extension MarkupContent {
    /// The element's name and its range, without copying the element; `nil` for other content.
    var elementName: (String, Range<Int>)? {
        switch self {
        case .element(let element): (element.name, element.nameRange)
        case .text, .processingInstruction: nil
        }
    }

    /// The element, moved out and replaced by empty text; `nil` (and no change) for other content.
    mutating func takeElement() -> MarkupElement? {
        guard case .element = self else { return nil }
        switch consume self {
        case .element(let element):
            self = TemplateConverter.convertedContent
            return element
        case let other:
            self = other
            return nil
        }
    }
}
