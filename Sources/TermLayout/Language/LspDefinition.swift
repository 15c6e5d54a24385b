import Foundation

/// `textDocument/definition`: an include's file; a node id's element (the document's own
/// first, then its included files', as the runtime's tree holds them); a macro's or param's
/// declaration (the nearest enclosing `<macro>` first); a state key's key in the sample
/// state beside the template; a string's line in `Localizable.strings` or `Strings.json`.
enum LspDefinition {
    /// The most files searched for an id through includes.
    static let maximumFiles = 200

    /// The locations defining what is at `offset`, or `nil` when nothing is known there.
    static func locations(at offset: Int, _ context: LspNavigationContext) -> [[String: Any]]? {
        guard let target = LspTargets.target(at: offset, context) else { return nil }
        let found: [String: Any]?
        switch target {
        case .include(let path):
            // Only a file the loader would read: inside the root, regular, not too large.
            found = context.text(ofPath: path) == nil ? nil
                : context.location(0..<0, in: LspLineMap(""), path: path)
        case .symbol(let name, true, _):
            found = element(withID: name, context)
        case .symbol(let name, false, _):
            found = declaration(of: name, usedAt: offset, context) ?? stateKey(name, context)
        case .stringKey(let members):
            found = string(members, context)
        }
        return found.map { [$0] }
    }

    /// The `id="name"` value in the document, else in the files it includes, breadth first.
    static func element(withID id: String, _ context: LspNavigationContext) -> [String: Any]? {
        var pending = [(context.path, context.document.text)]
        var seen: Set<String> = [context.path]
        while !pending.isEmpty, seen.count <= maximumFiles {
            let (path, text) = pending.removeFirst()
            let bytes = Array(text.utf8)
            var found: Range<Int>?
            for top in LspMarkupOutline.elements(of: bytes) {
                top.walk { element, _ in
                    guard found == nil, !["macro", "param"].contains(element.name), let attribute = element.attribute("id"),
                          attribute.value == id else { return }
                    found = attribute.valueRange
                }
            }
            if let found { return context.location(found, in: LspLineMap(bytes: bytes), path: path) }
            for include in LspIncludes.includes(in: bytes, path: path) where seen.insert(include.path).inserted {
                if let text = context.text(ofPath: include.path) { pending.append((include.path, text)) }
            }
        }
        return nil
    }

    /// The `<macro name=…>` whose scope holds `offset` (the innermost), else a
    /// `<param name=…>`, else any `<macro>` of that name in the document.
    static func declaration(of name: String, usedAt offset: Int, _ context: LspNavigationContext) -> [String: Any]? {
        let lines = context.document.lines
        var inScope: (depth: Int, range: Range<Int>)?, parameter: Range<Int>?, anyMacro: Range<Int>?
        for top in LspMarkupOutline.elements(of: lines.bytes) {
            top.walk { element, ancestors in
                guard ["macro", "param"].contains(element.name), let attribute = element.attribute("name"), attribute.value == name else { return }
                if element.name == "param" {
                    if parameter == nil { parameter = attribute.valueRange }
                    return
                }
                if anyMacro == nil { anyMacro = attribute.valueRange }
                let scope = ancestors.last?.range ?? element.range
                if scope.contains(offset), ancestors.count >= (inScope?.depth ?? 0) { inScope = (ancestors.count, attribute.valueRange) }
            }
        }
        return (inScope?.range ?? parameter ?? anyMacro).map { context.location($0, in: lines, path: context.path) }
    }

    /// The key in the template's sample state (`Main.state.json` beside `Main.xml`).
    static func stateKey(_ name: String, _ context: LspNavigationContext) -> [String: Any]? {
        let path = SampleStateKeys.path(forTemplate: context.path)
        guard let text = context.text(ofPath: path),
              let keys = try? SampleStateKeys(SourceText(path: path, text: text)), let range = keys.range(of: name) else { return nil }
        // Inside the quotes.
        return context.location((range.lowerBound + 1)..<max(range.lowerBound + 1, range.upperBound - 1), in: LspLineMap(text), path: path)
    }

    /// The key spelled by the longest run of `members` in `Localizable.strings` (`"key" =`)
    /// or `Strings.json` (`"key":`) beside the document.
    static func string(_ members: [String], _ context: LspNavigationContext) -> [String: Any]? {
        let folder = PathName.folder(of: context.path)
        for (name, separator, guessesUTF16) in [("Localizable.strings", UInt8(ascii: "="), true), ("Strings.json", UInt8(ascii: ":"), false)] {
            let path = PathName.joining(folder.isEmpty ? "." : folder, name)
            guard let data = LspFiles.data(ofPath: path, documents: context.documents, access: context.access) else { continue }
            let text = TextDecoding.string(data, guessesUTF16: guessesUTF16)
            let bytes = Array(text.utf8)
            for count in stride(from: members.count, through: 1, by: -1) {
                if let range = quotedKey(members.prefix(count).joined(separator: "."), followedBy: separator, in: bytes) {
                    return context.location(range, in: LspLineMap(bytes: bytes), path: path)
                }
            }
        }
        return nil
    }

    /// The range of `key` (inside its quotes) where `"key"` is followed, after blanks, by
    /// `separator`.
    static func quotedKey(_ key: String, followedBy separator: UInt8, in bytes: [UInt8]) -> Range<Int>? {
        let needle = Array(("\"" + key + "\"").utf8)
        guard needle.count > 2, bytes.count >= needle.count else { return nil }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                var after = index + needle.count
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == separator { return (index + 1)..<(index + needle.count - 1) }
            }
            index += 1
        }
        return nil
    }
}
