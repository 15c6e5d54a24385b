import Foundation
import TermLayout

/// Reads JSON objects given on the command line, inline or as `@FILE`.
enum JSONInput {
    struct Failure: Error {
        var message: String
    }

    /// Lets `--state FILE.json` name a file without the `@`.
    static func fileOrInline(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") || trimmed.hasPrefix("@") { return text }
        return FileManager.default.fileExists(atPath: text) ? "@" + text : text
    }

    /// Decodes `text` (a JSON object, or `@path` to a file holding one) into a dictionary.
    static func object(_ text: String?, option: String) throws(Failure) -> [String: Value] {
        guard let text else { return [:] }
        var data = Data(text.utf8)
        var origin = option
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw Failure(message: "\(option): cannot read file '\(path)'")
            }
            data = contents
            origin = path
        }
        let value: Value
        do {
            value = try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw Failure(message: "\(origin): not valid JSON (\(describe(error)))")
        }
        guard case .object(let members) = value else {
            throw Failure(message: "\(origin): expected a JSON object, found \(value.type)")
        }
        return members
    }

    private static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return String(describing: error)
    }
}
