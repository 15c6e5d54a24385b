import Foundation

/// The `termlayout lsp` language server, without its input and output: give it each framed
/// body with ``receive(_:)`` and send the bodies it returns, framed, to the client.
///
/// It handles the lifecycle (`initialize`, `initialized`, `shutdown`, `exit`), keeps open
/// documents in memory (`didOpen`, incremental `didChange`, `didClose`) and publishes the
/// diagnostics `termlayout check` gives for them. Diagnostics are not published at once:
/// a change marks its document stale and ``flushDiagnostics()`` checks the stale ones, so
/// the connection can check once after a burst of keystrokes (and a debounce can be added
/// there alone).
///
/// Navigation and editing requests (definition, references, rename, formatting, symbols,
/// quick fixes) are answered in `LspServer+Navigation.swift`.
///
/// It never traps on input: a malformed message is answered with a JSON-RPC error (or, for a
/// notification, ignored).
public struct LspServer: Sendable {
    /// Where the server is in the protocol's lifecycle.
    public enum State: Sendable, Equatable {
        /// Waiting for `initialize`.
        case starting
        /// Serving.
        case running
        /// `shutdown` was received; only `exit` is expected.
        case shuttingDown
    }

    /// Where the server is in its lifecycle.
    public private(set) var state: State = .starting
    /// The exit status once `exit` was received: 0 after `shutdown`, else 1.
    public private(set) var exitStatus: Int32?
    /// The open documents.
    public private(set) var documents = LspDocumentStore()
    /// Checks documents.
    public var checker: LspDiagnostics
    /// Documents whose diagnostics are out of date, in the order they changed.
    private var stale: [String] = []
    /// Documents closed since the last flush, whose diagnostics must be cleared.
    private var cleared: [String] = []
    /// What the client said it supports, in `initialize`.
    var client = LspClientSupport()

    /// Whether documents changed, opened or closed since the last flush wait for
    /// ``flushDiagnostics()``.
    public var hasPendingDiagnostics: Bool { !stale.isEmpty || !cleared.isEmpty }

    /// Creates a server checking templates with `checker`.
    public init(checker: LspDiagnostics = LspDiagnostics()) {
        self.checker = checker
    }

    /// Handles one message body; returns the bodies to send (responses, errors).
    public mutating func receive(_ body: [UInt8]) -> [[UInt8]] {
        switch LspMessage.parse(body) {
        case .failure(let failure):
            return [LspOutgoing.error(id: failure.id, failure.error)]
        case .success(.response):
            return []
        case .success(.notification(let method, let params)):
            notify(method, params)
            return []
        case .success(.request(let id, let method, let params)):
            // Changes made before `shutdown` are still checked and published, and those made
            // before a request that reads diagnostics are published before its answer.
            let pending = Self.flushesFirst.contains(method) && state == .running ? flushDiagnostics() : []
            switch request(method, params) {
            case .success(let result): return pending + [LspOutgoing.response(id: id, result: result)]
            case .failure(let error): return pending + [LspOutgoing.error(id: id, error)]
            }
        }
    }

    /// The error to send for a framing problem: the message could not be read at all.
    public func framingError(_ problem: String) -> [UInt8] {
        LspOutgoing.error(id: .null, LspError(.parseError, problem))
    }

    /// Checks the documents changed or opened since the last flush and returns their
    /// `textDocument/publishDiagnostics` notifications (empty ones for closed documents).
    public mutating func flushDiagnostics() -> [[UInt8]] {
        var messages: [[UInt8]] = []
        for uri in cleared where documents[uri] == nil {
            messages.append(Self.publish(uri: uri, version: nil, diagnostics: []))
        }
        for uri in stale {
            guard let document = documents[uri] else { continue }
            let diagnostics = checker.diagnostics(for: document, path: LspURI.path(of: uri), documents: documents)
            messages.append(Self.publish(uri: uri, version: document.version, diagnostics: diagnostics))
        }
        stale.removeAll()
        cleared.removeAll()
        return messages
    }

    private static func publish(uri: String, version: Int?, diagnostics: [[String: Any]]) -> [UInt8] {
        var params: [String: Any] = ["uri": uri, "diagnostics": diagnostics]
        if let version { params["version"] = version }
        return LspOutgoing.notification(method: "textDocument/publishDiagnostics", params: params)
    }

    // MARK: Requests

    private mutating func request(_ method: String, _ params: Any?) -> Result<Any, LspError> {
        switch (state, method) {
        case (.starting, "initialize"):
            state = .running
            client = LspClientSupport(initializeParams: params)
            return .success(Self.initializeResult(client))
        case (_, "initialize"):
            return .failure(LspError(.invalidRequest, "initialize was already received"))
        case (.starting, _):
            return .failure(LspError(.serverNotInitialized, "the server is not initialized"))
        case (.shuttingDown, _):
            return .failure(LspError(.invalidRequest, "the server is shutting down"))
        case (.running, "shutdown"):
            state = .shuttingDown
            return .success(NSNull())
        case (.running, "textDocument/completion"):
            return completion(params)
        case (.running, "textDocument/hover"):
            return hover(params)
        case (.running, _) where Self.navigationMethods.contains(method):
            return navigation(method, params)
        case (.running, _):
            return .failure(LspError(.methodNotFound, "unknown method '\(LspURI.short(method))'"))
        }
    }

    /// What the server can do, as `initialize` answers: only what is implemented (and what
    /// the client can take).
    static func initializeResult(_ client: LspClientSupport) -> [String: Any] { [
        "capabilities": [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": true] as [String: Any],
            "completionProvider": ["triggerCharacters": completionTriggers] as [String: Any],
            "hoverProvider": true,
        ].merging(navigationCapabilities(client)) { first, _ in first } as [String: Any],
        "serverInfo": ["name": "termlayout"],
    ] }

    // MARK: Notifications

    private mutating func notify(_ method: String, _ params: Any?) {
        if method == "exit" {
            exitStatus = state == .shuttingDown ? 0 : 1
            return
        }
        guard state == .running else { return }
        let document = LspJSON.object(params, "textDocument")
        guard let uri = document?["uri"] as? String else { return }
        switch method {
        case "textDocument/didOpen":
            guard let text = document?["text"] as? String else { return }
            documents.open(uri: uri, version: LspJSON.integer(document?["version"]) ?? 0, text: text)
            markStale(uri)
        case "textDocument/didChange":
            guard let entries = (params as? [String: Any])?["contentChanges"] as? [Any] else { return }
            var changes: [(text: String, range: LspRange?)] = []
            for entry in entries {
                guard let fields = entry as? [String: Any], let text = fields["text"] as? String else { return }
                if fields["range"] != nil {
                    guard let range = LspRange(json: fields["range"]) else { return }
                    changes.append((text, range))
                } else {
                    changes.append((text, nil))
                }
            }
            let version = LspJSON.integer(document?["version"]) ?? (documents[uri]?.version ?? 0) + 1
            if documents.change(uri: uri, version: version, changes: changes) { markStale(uri) }
        case "textDocument/didSave":
            // A saved file may be included by the others (which are checked with the files
            // on disk): check every open document again.
            for uri in documents.uris.sorted() { markStale(uri) }
        case "textDocument/didClose":
            if documents.close(uri: uri) {
                stale.removeAll { $0 == uri }
                if Self.isDataFile(uri) { markStale(uri) } else { cleared.append(uri) }
            }
        default:
            break // Unknown notifications (`$/cancelRequest`, `initialized`) need no answer.
        }
    }

    /// Marks a template stale; for a data file, every open template instead (they read it).
    private mutating func markStale(_ uri: String) {
        guard !Self.isDataFile(uri) else {
            for template in documents.uris.sorted() where !Self.isDataFile(template) { markStale(template) }
            return
        }
        if !stale.contains(uri) { stale.append(uri) }
        cleared.removeAll { $0 == uri }
    }

    /// Whether the document at `uri` is a file templates read — a sample state (`.json`) or
    /// a strings file (`.strings`) — rather than a template: it is not checked and has no
    /// features, but its open text is what the templates are checked, completed and
    /// evaluated with, and a change to it checks the open templates again.
    static func isDataFile(_ uri: String) -> Bool {
        let path = LspURI.path(of: uri)
        return path.hasSuffix(".json") || path.hasSuffix(".strings")
    }
}

/// Reads file paths out of `file://` URIs.
enum LspURI {
    /// The path of a local `file://` URI (no host, or `localhost`), percent-decoded; any
    /// other URI as it is (so an unsaved `untitled:` document is checked as a file of that
    /// name in the current folder, and `file://host/etc/passwd` names no local file).
    static func path(of uri: String) -> String {
        guard isLocalFile(uri) else { return uri }
        var rest = String(uri.dropFirst(7))
        if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = String(rest[slash...]) } // file://localhost/path
        return rest.removingPercentEncoding ?? rest
    }

    /// Whether `uri` is a `file://` URI of this machine: without a host or with `localhost`.
    static func isLocalFile(_ uri: String) -> Bool {
        guard uri.hasPrefix("file://") else { return false }
        let rest = uri.dropFirst(7)
        let host = rest.prefix { $0 != "/" }
        return host.isEmpty || host.lowercased() == "localhost"
    }

    /// A client-given name cut to 100 characters for an error message.
    static func short(_ text: String) -> String {
        text.count > 100 ? String(text.prefix(100)) + "…" : text
    }
}
