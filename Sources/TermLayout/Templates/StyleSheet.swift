import Foundation

/// Named property sets (MarkupKit's property templates) applied with `class="primary, wide"`:
/// from `Styles.json` beside the templates and from `<?properties {…}?>` in a template.
/// Each class maps attribute names to attribute text: `{"primary": {"color": "#00f", "bold": true}}`.
struct StyleSheet: Sendable {
    struct Style: Sendable {
        var attributes: [(name: String, text: String)]
        /// Where the class is defined, for messages.
        var origin: String
        /// The text the class came from, if inline, so errors can point into it.
        var inline: (source: SourceText, text: MappedText)?
    }

    var styles: [String: Style] = [:]

    struct ParseError: Error {
        var message: String
    }

    /// Reads a JSON object of classes.
    static func parse(_ data: Data, origin: String) -> Result<[String: Style], ParseError> {
        guard let value = try? JSONDecoder().decode(Value.self, from: TextDecoding.utf8Data(data)), case .object(let classes) = value else {
            return .failure(ParseError(message: "styles must be a JSON object of classes, each an object of attributes"))
        }
        var styles: [String: Style] = [:]
        for (name, body) in classes {
            guard case .object(let attributes) = body else {
                return .failure(ParseError(message: "class '\(name)' must be an object of attributes"))
            }
            let pairs = attributes.keys.sorted().map { key in (name: key, text: attributes[key, default: .null].description) }
            styles[name] = Style(attributes: pairs, origin: "class '\(name)' in \(origin)")
        }
        return .success(styles)
    }
}
