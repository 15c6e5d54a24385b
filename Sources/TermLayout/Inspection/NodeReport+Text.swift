/// A ``NodeReport`` as lines of text (the inspector's pane, `termlayout inspect`) and as
/// JSON (`termlayout inspect --json`).
extension NodeReport {
    /// The report as lines, the pane's and `termlayout inspect`'s:
    ///
    /// ```
    /// Label#title
    /// at Main.xml:7:5
    /// path Column#root › Label#title
    /// frame 0, 1, 20×1 pt (in its parent)
    /// cells [0,1 20×1] (on the screen)
    /// changed state key count at frame 3
    /// text: string = "Count: 3"
    ///   source Count: {count}
    ///   reads state count
    /// ```
    public var lines: [String] { lines(relativeTo: nil) }

    /// ``lines``, with the file named relative to `folder` when it is inside it.
    public func lines(relativeTo folder: String?) -> [String] {
        var shown = location
        if let folder, !folder.isEmpty, folder != "." {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if shown.path.hasPrefix(prefix) { shown.path.removeFirst(prefix.count) }
        }
        var lines = [title, "at \(shown)", "path \(path)"]
        if let frame, let cells {
            // Points to a thousandth: 2.4, not 2.3999999999999995.
            func points(_ value: Double) -> String { Value.format((value * 1000).rounded() / 1000) }
            // Points are relative to the parent (as the template's left/top); cells absolute.
            lines.append("frame \(points(frame.x)), \(points(frame.y)), \(points(frame.width))×\(points(frame.height)) pt (in its parent)")
            lines.append("cells \(cells) (on the screen)")
        } else {
            lines.append("frame \(frameProblem ?? "none")")
        }
        if tracksChanges { lines.append("changed " + (lastChange?.description ?? "not since the app started")) }
        if properties.isEmpty { lines.append("no properties set") }
        for property in properties {
            if let value = property.value, let type = property.type {
                // Strings quoted: an empty one shows as "", spaces at the ends show.
                lines.append("\(property.name): \(type) = \(type == ValueType.string.description ? InspectorText.quoted(value) : value)")
            } else {
                lines.append("\(property.name): error: \(property.error ?? "")")
            }
            lines.append("  source " + (property.source.isEmpty ? "\"\"" : property.source) + (property.origin.map { " (from \($0))" } ?? "")
                         + (property.overrides.map { " (over \($0))" } ?? ""))
            if !property.reads.isEmpty { lines.append("  reads " + property.reads.joined(separator: ", ")) }
            if !property.readBy.isEmpty { lines.append("  read by " + property.readBy.joined(separator: ", ")) }
        }
        return lines
    }

    /// The report as one JSON object: `element`, `id`, `outlet`, `file`, `line`, `column`,
    /// `path`, `frame` (`{x,y,width,height}` in points, or `null`), `cells`
    /// (`{col,row,cols,rows}`, or `null`), `frameProblem`, `lastChange` (`{frame, cause:
    /// "reload"|"state"|"resize"|"reevaluated", keys}`, or `null`) and `properties` (`[{name, source, origin, overrides, value, type,
    /// error, reads, readBy}]`). Each property's `source` and `value` are the real text (up to
    /// ``PropertyReport/rawLimit`` characters), not the display form: JSON's escapes (controls,
    /// C1 and bidi controls as `\uXXXX`) make them safe to print.
    public var json: String {
        func string(_ text: String?) -> String { text.map { Value.string($0).jsonText } ?? "null" }
        func strings(_ texts: [String]) -> String { "[" + texts.map { string($0) }.joined(separator: ",") + "]" }
        func number(_ number: Double) -> String { Value.number(number).jsonText }
        var fields = [
            #""element":\#(string(element))"#, #""id":\#(string(id))"#, #""outlet":\#(string(outlet))"#,
            #""file":\#(string(location.path))"#, #""line":\#(location.line)"#, #""column":\#(location.column)"#,
            #""path":\#(string(path))"#,
        ]
        fields.append(#""frame":"# + (frame.map { #"{"x":\#(number($0.x)),"y":\#(number($0.y)),"width":\#(number($0.width)),"height":\#(number($0.height))}"# } ?? "null"))
        fields.append(#""cells":"# + (cells.map { #"{"col":\#($0.column),"row":\#($0.row),"cols":\#($0.columns),"rows":\#($0.rows)}"# } ?? "null"))
        fields.append(#""frameProblem":\#(string(frameProblem))"#)
        let change: String = lastChange.map { reason in
            switch reason.cause {
            case .reload: #"{"frame":\#(reason.frame),"cause":"reload","keys":[]}"#
            case .resize: #"{"frame":\#(reason.frame),"cause":"resize","keys":[]}"#
            case .reevaluated: #"{"frame":\#(reason.frame),"cause":"reevaluated","keys":[]}"#
            case .state(let keys): #"{"frame":\#(reason.frame),"cause":"state","keys":\#(strings(keys))}"#
            }
        } ?? "null"
        fields.append(#""lastChange":\#(change)"#)
        let properties = properties.map { property in
            "{" + [
                #""name":\#(string(property.name))"#, #""source":\#(string(property.rawSource))"#, #""origin":\#(string(property.origin))"#, #""overrides":\#(string(property.overrides))"#,
                #""value":\#(string(property.rawValue))"#, #""type":\#(string(property.type))"#,
                #""error":\#(string(property.error))"#, #""reads":\#(strings(property.reads))"#,
                #""readBy":\#(strings(property.readBy))"#,
            ].joined(separator: ",") + "}"
        }
        fields.append(#""properties":["# + properties.joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}"
    }
}
