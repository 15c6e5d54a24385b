import Foundation

/// A JSON-RPC 2.0 message as the language server reads it: a request (with an id, wants a
/// response), a notification (no id), or a response to something the server sent.
///
/// Bodies are parsed with Foundation's `JSONSerialization`; ``LspMessage/parse(_:)`` never
/// traps, it returns an ``LspError`` the server answers with.
public enum LspMessage {
    /// A call that wants a response with the same `id`.
    case request(id: LspID, method: String, params: Any?)
    /// A call without a response.
    case notification(method: String, params: Any?)
    /// A client's answer to a request of the server's; the server sends none yet.
    case response(id: LspID?)

    /// Parses a message body, or tells why it is not a JSON-RPC message, with the id to
    /// answer to when one could be read.
    public static func parse(_ body: [UInt8]) -> Result<LspMessage, LspFailure> {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) // `null`, `1`: JSON, not a message
        } catch {
            return .failure(LspFailure(id: .null, error: LspError(.parseError, "the message is not valid JSON")))
        }
        guard let fields = object as? [String: Any] else {
            return .failure(LspFailure(id: .null, error: LspError(.invalidRequest, "the message is not a JSON object")))
        }
        let id = fields["id"].flatMap(LspID.init(json:))
        if fields["id"] != nil, id == nil {
            return .failure(LspFailure(id: .null, error: LspError(.invalidRequest, "the id is neither a number nor a string")))
        }
        guard let method = fields["method"] else {
            if fields["result"] != nil || fields["error"] != nil { return .success(.response(id: id)) }
            return .failure(LspFailure(id: id ?? .null, error: LspError(.invalidRequest, "the message has no method")))
        }
        guard let name = method as? String else {
            return .failure(LspFailure(id: id ?? .null, error: LspError(.invalidRequest, "the method is not a string")))
        }
        let params = fields["params"]
        if let id { return .success(.request(id: id, method: name, params: params)) }
        return .success(.notification(method: name, params: params))
    }
}

/// A request id: JSON-RPC allows a number or a string; `null` answers a message whose id
/// could not be read.
public enum LspID: Sendable, Hashable {
    /// A numeric id.
    case number(Int)
    /// A string id.
    case string(String)
    /// No id: the answer to a message whose id could not be read.
    case null

    /// The id in a parsed JSON value, if it is one.
    init?(json: Any) {
        if let text = json as? String {
            self = .string(text)
        } else if let number = json as? NSNumber, !Self.isBool(number), number.doubleValue.isFinite,
                  abs(number.doubleValue) < 9e15, let exact = Int(exactly: number.doubleValue) {
            self = .number(exact)
        } else {
            return nil
        }
    }

    private static func isBool(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    /// The id as a JSON value.
    var json: Any {
        switch self {
        case .number(let number): number
        case .string(let text): text
        case .null: NSNull()
        }
    }
}

/// A JSON-RPC error code.
public enum LspErrorCode: Int, Sendable {
    /// The message is not valid JSON.
    case parseError = -32700
    /// The JSON is not a valid JSON-RPC request.
    case invalidRequest = -32600
    /// The server does not handle the request's method.
    case methodNotFound = -32601
    /// The request's parameters are missing or of the wrong shape.
    case invalidParams = -32602
    /// The server failed while handling the request.
    case internalError = -32603
    /// A request before `initialize`.
    case serverNotInitialized = -32002
    /// A request after `shutdown`.
    case requestFailed = -32803
}

/// An error to send back to the client.
public struct LspError: Error, Sendable, Equatable {
    /// The JSON-RPC code.
    public var code: LspErrorCode
    /// One line for the user.
    public var message: String

    /// Creates an error.
    public init(_ code: LspErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// A message that could not be handled, with the id to answer to.
public struct LspFailure: Error, Sendable, Equatable {
    /// The id of the request, or `null`.
    public var id: LspID
    /// What went wrong.
    public var error: LspError
}

/// Builds the JSON bodies the server sends.
enum LspOutgoing {
    /// A successful response.
    static func response(id: LspID, result: Any) -> [UInt8] {
        if let encoded = result as? LspEncodedJSON {
            // `{"id":…,"jsonrpc":"2.0","result":…}`, keys sorted as `encode` sorts them.
            let head = encode(["jsonrpc": "2.0", "id": id.json])
            return Array(head.dropLast()) + Array(#","result":"#.utf8) + encoded.bytes + [UInt8(ascii: "}")]
        }
        return encode(["jsonrpc": "2.0", "id": id.json, "result": result])
    }

    /// An error response.
    static func error(id: LspID, _ error: LspError) -> [UInt8] {
        encode(["jsonrpc": "2.0", "id": id.json, "error": ["code": error.code.rawValue, "message": error.message]])
    }

    /// A notification from the server.
    static func notification(method: String, params: Any) -> [UInt8] {
        encode(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// The object as compact UTF-8 JSON. Every value built here is valid JSON; should
    /// encoding fail anyway, an internal-error response with a null id is sent instead.
    static func encode(_ object: [String: Any]) -> [UInt8] {
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
            return Array(data)
        }
        return Array(#"{"error":{"code":-32603,"message":"could not encode the response"},"id":null,"jsonrpc":"2.0"}"#.utf8)
    }
}
