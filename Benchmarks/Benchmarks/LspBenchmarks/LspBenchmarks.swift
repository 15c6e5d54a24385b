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
/// the `didChange` bodies that type one character into line 2's `width` and take it out
/// again: `width` → `widht` → `width`, each a check with a diagnostic or without.
func openServer(in folder: String) -> (LspServer, [[UInt8]]) {
    var server = LspServer()
    let uri = "file://\(folder)/Bench.xml"
    _ = server.receive(body(["id": 1, "method": "initialize", "params": ["capabilities": [:] as [String: Any]]]))
    _ = server.receive(body(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1,
                                                                                            "text": lspTemplate()] as [String: Any]]]))
    _ = server.flushDiagnostics()
    // Line 2 is `        <Label text="Item 0: {name}" width="20%" …`; `width` starts at character 37.
    let changes = ["widht", "width"].enumerated().map { index, word in
        body(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": index + 2] as [String: Any],
            "contentChanges": [["range": ["start": ["line": 2, "character": 37], "end": ["line": 2, "character": 42]], "text": word] as [String: Any]],
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
    Benchmark("LSP diagnostics after a one-character change, 1,000 elements", configuration: config) { benchmark in
        var (server, changes) = openServer(in: folder)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            _ = server.receive(changes[iteration % 2])
            blackHole(server.flushDiagnostics())
        }
    }

    Benchmark("LSP diagnostics after a one-character change, 1,000 elements, evaluated with a sample state", configuration: config) { benchmark in
        var (server, changes) = openServer(in: withState)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            _ = server.receive(changes[iteration % 2])
            blackHole(server.flushDiagnostics())
        }
    }
}
