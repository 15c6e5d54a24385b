/// One value written in a template file: an attribute's value or a run of a label's body
/// text, with the element it belongs to and how it is read.
struct TemplateValue {
    /// The element the value is on (for body text: the element whose content it is).
    var element: MarkupElement
    /// The attribute, or `nil` for body text.
    var attribute: MarkupAttribute?
    /// The text, mapped to the file.
    var text: MappedText
    /// How the template reads it; `nil` for literal values (`id`, `xml`) or when the file
    /// does not load.
    var reading: ValueReading?
    /// Whether the value lies inside a List's row template (where names read the item).
    var inListRow: Bool
}

extension TemplateSourceFile {
    /// Every attribute value and body text in the file, in document order.
    var values: [TemplateValue] {
        guard let root = document?.root else { return [] }
        var found: [TemplateValue] = []
        collectValues(root, inListRow: false, into: &found)
        return found
    }

    private func collectValues(_ element: MarkupElement, inListRow: Bool, into found: inout [TemplateValue]) {
        for attribute in element.attributes {
            found.append(TemplateValue(element: element, attribute: attribute, text: attribute.value,
                                       reading: reading(of: attribute.value), inListRow: inListRow))
        }
        for content in element.content {
            switch content {
            case .element(let child):
                collectValues(child, inListRow: inListRow || element.name == "List", into: &found)
            case .text(let text):
                guard !text.value.allSatisfy(\.isWhitespace) else { continue }
                found.append(TemplateValue(element: element, attribute: nil, text: text, reading: reading(of: text), inListRow: inListRow))
            case .processingInstruction:
                continue
            }
        }
    }

    /// Every element of the file, depth first.
    var elements: [MarkupElement] {
        guard let root = document?.root else { return [] }
        var found: [MarkupElement] = []
        func walk(_ element: MarkupElement) {
            found.append(element)
            element.elements.forEach(walk)
        }
        walk(root)
        return found
    }
}

extension TemplateValue {
    /// Every symbol occurrence in the value (none for literal values).
    var references: [ExpressionReference] {
        guard let reading else { return [] }
        return ExpressionSyntax.references(in: text.value, reading: reading)
    }

    /// The key of MarkupKit's `@Key` shorthand for a localized string, if the value is one.
    var shorthandStringKey: String? {
        guard reading?.mode == .string, text.value.hasPrefix("@") else { return nil }
        let key = String(text.value.dropFirst())
        return StringCalls.isShorthandKey(key) ? key : nil
    }
}
