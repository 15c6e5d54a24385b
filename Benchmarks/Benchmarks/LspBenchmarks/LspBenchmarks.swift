import Benchmark
import Foundation
import TermLayout

/// A template of 1,000 elements (and its root): 200 rows, each a Row with four widgets,
/// with the kinds of attributes real templates have.
func lspTemplate() -> String {
    var xml = "<Column id=\"root\" padding=\"1\">\n"
    for index in 0..<200 {
        xml += """
            <Row gap="1" height="1">
                <Label text="Item \(index): {name}" width="20%" color="selected == \(index) ? yellow : default"/>
                <Label text="{count + \(index)}" alignment="right" width="10"/>
                <ProgressBar value="\(index % 10) / 10" width="parent.height * 4"/>
                <Button title="Open" press="open" bold="selected == \(index)"/>
            </Row>

        """
    }
    return xml + "</Column>\n"
}

/// A JSON-RPC body.
func body(_ object: [String: Any]) -> [UInt8] {
    var object = object
    object["jsonrpc"] = "2.0"
    return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
}

/// A server with the template open from `folder` (which may hold its sample state), and
/// the `didChange` bodies that type over one character of line 2 and back: in `width`
/// (`width` → `widht` → `width`, a check with a diagnostic, then without) or in its value
/// (`20%` → `21%` → `20%`, the template valid throughout, so it is evaluated each time when
/// it has a sample state).
func openServer(in folder: String, typo: Bool) -> (LspServer, [[UInt8]]) {
    var server = LspServer()
    let uri = "file://\(folder)/Bench.xml"
    _ = server.receive(body(["id": 1, "method": "initialize", "params": ["capabilities": [:] as [String: Any]]]))
    _ = server.receive(body(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1,
                                                                                            "text": lspTemplate()] as [String: Any]]]))
    _ = server.flushDiagnostics()
    // Line 2 is `        <Label text="Item 0: {name}" width="20%" …`: `width` is characters
    // 37–42, the `0` of `20%` character 45.
    let (start, end, words) = typo ? (37, 42, ["widht", "width"]) : (45, 46, ["1", "0"])
    let changes = words.enumerated().map { index, word in
        body(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": index + 2] as [String: Any],
            "contentChanges": [["range": ["start": ["line": 2, "character": start], "end": ["line": 2, "character": end]], "text": word] as [String: Any]],
        ] as [String: Any]])
    }
    return (server, changes)
}

let benchmarks: @Sendable () -> Void = {
    let config = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-bench-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let withState = folder + "/state"
    try? FileManager.default.createDirectory(atPath: withState, withIntermediateDirectories: true)
    try? "{\"name\": \"Ada\", \"count\": 3, \"selected\": 2}".write(toFile: withState + "/Bench.state.json", atomically: true, encoding: .utf8)

    // Issue 29's target: diagnostics of a 1,000-element template within 20 ms of a change.
    for (name, typo, folder) in [("a typo made and fixed", true, folder), ("a value changed", false, folder),
                                 ("a value changed, evaluated with a sample state", false, withState)] {
        Benchmark("LSP diagnostics after a one-character change, 1,000 elements: \(name)", configuration: config) { benchmark in
            var (server, changes) = openServer(in: folder, typo: typo)
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                _ = server.receive(changes[iteration % 2])
                blackHole(server.flushDiagnostics())
            }
        }
    }
}
