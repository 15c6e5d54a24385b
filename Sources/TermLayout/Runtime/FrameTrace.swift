import SystemPackage

/// The per-frame trace of a ``LayoutApp`` (``LayoutAppOptions/trace``, `termlayout preview
/// --trace FILE`): JSON Lines, one object per frame, for tools to read.
///
/// The first line names the format, `{"termlayoutTrace":1,"template":"Main.xml"}`; then each
/// frame is a line such as
///
/// ```
/// {"frame":3,"timeMs":812.5,"cause":["state","input"],"reload":false,"problems":0,
///  "stateKeys":["count"],"stateChanges":1,
///  "evaluated":{"count":1,"names":["Label#count.text"]},"laidOut":{"count":0,"names":[]},
///  "painted":{"count":1,"names":["Label#count"]},"cells":2,"bytes":14}
/// ```
///
/// (on one line; `bytes` is `null` where the backend cannot count them). `timeMs` is when the
/// frame began, in milliseconds since the app started (not how long it took). `cause` says
/// why the frame was drawn (``FrameRecord/causes``): `reload`, `state`, `resize`, `input`,
/// `inspector`, else `other`; `reload` is true for a reload that failed as well, and
/// `problems` counts the errors it found (the red box shows them). Laid out and
/// painted count each node once per frame. Lists keep their first 32 names, each at most 100 characters and
/// sanitised, so a line stays under 16 KiB however big the frame; the counts are exact.
/// The file is opened through ``AppendOnlyFile``: a symlink or a special file is refused,
/// and an existing file is replaced only when it is empty or an earlier trace (it begins
/// with `{"termlayoutTrace":`); a read-only file is refused; it is made with mode 0600; and
/// it is locked while it is written, so a second app tracing to the same file is refused.
final class FrameTrace {
    /// How every trace begins: what tells a trace from any other file.
    static let signature = #"{"termlayoutTrace":"#
    private let file: AppendOnlyFile

    /// Opens `path` and writes the first line.
    init(path: String, template: String) throws(FileAccessError) {
        file = try AppendOnlyFile(creating: FilePath(path), signature: Self.signature)
        file.append(Self.signature + #"1,"template":"# + Value.string(InspectorText.clean(template, limit: 300)).jsonText + "}\n")
    }

    /// Whether an earlier trace in the file was emptied to write this one.
    var replacedEarlier: Bool { file.replacedEarlier }

    /// Why writing stopped, if it did.
    var problem: FileAccessError? { file.problem }

    /// Appends `record` as one line.
    func write(_ record: FrameRecord) {
        file.append(Self.line(for: record) + "\n")
    }

    func close() {
        file.finish()
    }

    /// `record` as one JSON object (without the line break).
    static func line(for record: FrameRecord) -> String {
        func strings(_ texts: [String]) -> String {
            "[" + texts.prefix(FrameActivity.namedLimit).map { Value.string(InspectorText.clean($0, limit: 100)).jsonText }.joined(separator: ",") + "]"
        }
        func list(_ list: (count: Int, names: [String])) -> String {
            #"{"count":\#(list.count),"names":\#(strings(list.names))}"#
        }
        let milliseconds = Double(record.time.components.seconds) * 1000 + Double(record.time.components.attoseconds) / 1e15
        let time = Value.number((milliseconds * 1000).rounded() / 1000).jsonText
        return #"{"frame":\#(record.frame),"timeMs":\#(time),"cause":\#(strings(record.causes)),"reload":\#(record.reloaded),"#
            + #""problems":\#(record.problems),"stateKeys":\#(strings(record.stateKeys)),"#
            + #""stateChanges":\#(record.stateChanges),"evaluated":\#(list(record.evaluated)),"laidOut":\#(list(record.laidOut)),"#
            + #""painted":\#(list(record.painted)),"cells":\#(record.cells),"bytes":\#(record.bytes.map(String.init) ?? "null")}"#
    }
}
