import Foundation
@testable import TermLayout

/// A folder of templates and a started language server with one of them open, for the
/// navigation requests' tests.
struct LspNavigationFixture {
    /// The folder.
    let folder: String
    /// The server.
    var server: LspServer

    /// Writes `files` into a new folder and starts a server whose client supports what
    /// Neovim does (code action literals, hierarchical symbols, prepareRename) unless
    /// `capabilities` says otherwise.
    init(_ files: [String: String], capabilities: [String: Any]? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-nav-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let path = "\(folder)/\(name)"
            try FileManager.default.createDirectory(atPath: PathName.folder(of: path), withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        server = LspServer()
        let textDocument: [String: Any] = [
            "codeAction": ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix"]]]],
            "documentSymbol": ["hierarchicalDocumentSymbolSupport": true],
            "rename": ["prepareSupport": true],
        ]
        _ = server.receive(Self.body(["id": 0, "method": "initialize", "params": ["capabilities": capabilities ?? ["textDocument": textDocument]]]))
    }

    /// Removes the folder.
    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// The URI of file `name` in the folder.
    func uri(_ name: String) -> String { "file://\(folder)/\(name)" }

    /// Opens `name` with `text` (by default, its text on disk).
    mutating func open(_ name: String, _ text: String? = nil) {
        let text = text ?? ((try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)) ?? "")
        let document: [String: Any] = ["uri": uri(name), "languageId": "xml", "version": 1, "text": text]
        _ = server.receive(Self.body(["method": "textDocument/didOpen", "params": ["textDocument": document]]))
    }

    /// The published diagnostics of `name`, after checking what is pending.
    mutating func diagnostics(_ name: String) -> [[String: Any]] {
        for message in Self.decode(server.flushDiagnostics()) {
            let params = message["params"] as? [String: Any]
            if params?["uri"] as? String == uri(name) { return params?["diagnostics"] as? [[String: Any]] ?? [] }
        }
        return []
    }

    /// Sends a request; returns its response (`result` or `error`).
    mutating func request(_ method: String, _ params: Any) -> [String: Any] {
        let responses = Self.decode(server.receive(Self.body(["id": 7, "method": method, "params": params])))
        return responses.last { $0["id"] as? Int == 7 } ?? [:]
    }

    /// The params of a position request in `name`.
    func at(_ name: String, _ line: Int, _ character: Int, _ extra: [String: Any] = [:]) -> [String: Any] {
        ["textDocument": ["uri": uri(name)], "position": ["line": line, "character": character]].merging(extra) { _, new in new }
    }

    /// A JSON-RPC body.
    static func body(_ object: [String: Any]) -> [UInt8] {
        var object = object
        object["jsonrpc"] = "2.0"
        return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    /// Decoded bodies.
    static func decode(_ bodies: [[UInt8]]) -> [[String: Any]] {
        bodies.compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
    }
}

/// `[startLine, startCharacter, endLine, endCharacter]` of an LSP range.
func lspRange(_ object: Any?) -> [Int] {
    let range = object as? [String: Any]
    let start = range?["start"] as? [String: Any], end = range?["end"] as? [String: Any]
    return [start?["line"], start?["character"], end?["line"], end?["character"]].map { $0 as? Int ?? -1 }
}

/// The file name and range of an LSP location.
func lspLocation(_ object: Any?) -> (file: String, range: [Int])? {
    guard let location = object as? [String: Any], let uri = location["uri"] as? String else { return nil }
    return (PathName.name(of: LspURI.path(of: uri)), lspRange(location["range"]))
}
