extension TemplateFormatter {
    /// The formatted text of `file`, proven safe to write: it reads back as well-formed XML,
    /// loads whenever `file` loads, has the same ``TemplateStructure`` (elements, attributes,
    /// expressions' trees, text, comments) and formats to itself. Throws the file's own
    /// problem when it is not well-formed, or an error at the file saying what would change,
    /// so `termlayout format` leaves it untouched rather than write something that does not
    /// round-trip. The result is loaded with the file's own template root.
    public static func formatVerified(_ file: TemplateSourceFile, registry: WidgetRegistry = .standard) throws(Diagnostic) -> String {
        guard let formatted = format(file), let before = TemplateStructure.dump(file) else {
            throw file.diagnostics.first ?? refusal(file, "it is not well-formed XML")
        }
        guard formatted != file.source.text else { return formatted }
        let output = TemplateSourceFile(source: SourceText(path: file.source.path, text: formatted), root: file.root, registry: registry)
        guard let after = TemplateStructure.dump(output) else {
            throw refusal(file, "the result would not read back", notes: output.diagnostics.prefix(1).map(\.message))
        }
        if file.template != nil, output.template == nil {
            throw refusal(file, "the result would not load", notes: output.diagnostics.prefix(1).map(\.message))
        }
        if before != after {
            let index = zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(before.count, after.count)
            let was = index < before.count ? before[index] : "(nothing)", becomes = index < after.count ? after[index] : "(nothing)"
            throw refusal(file, "it would change what the template means",
                          notes: ["was: " + was.drop { $0 == " " }, "would be: " + becomes.drop { $0 == " " }])
        }
        guard format(output) == formatted else { throw refusal(file, "formatting the result again would change it") }
        return formatted
    }

    private static func refusal(_ file: TemplateSourceFile, _ reason: String, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, "cannot format this file: \(reason); it is left as it is", in: file.source, at: 0..<0,
                   suggestion: "please report it, with the file", notes: notes)
    }
}
