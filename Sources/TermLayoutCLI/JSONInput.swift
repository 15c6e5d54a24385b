import Foundation
import TermLayout

/// Reads the JSON objects given on the command line (`--state`, `--constants`): inline, as
/// `@FILE`, or as a file name. Problems name the option or the file and say what is wrong.
enum JSONInput {
    /// Decodes `text` (a JSON object inline, `@path`, or a path) into a dictionary. A file
    /// is read only if it resolves inside `root` (by default its own folder), so a symlink
    /// to `/proc/self/environ` is refused unread.
    static func object(_ text: String?, option: String, root: String? = nil) throws(Diagnostic) -> [String: Value] {
        guard let text else { return [:] }
        switch Self.origin(of: text) {
        case .inline:
            return try object(in: SourceText(path: option, text: text))
        case .file(let path):
            return try object(in: SourceText(path: path, text: try read(path, option: option, root: root)))
        }
    }

    /// The JSON object in `source` (a file's text, never taken as a path).
    static func object(in source: SourceText) throws(Diagnostic) -> [String: Value] {
        let value: Value
        do throws(Diagnostic) {
            value = try JSONReader.read(source)
        } catch {
            throw ExcerptPolicy.forJSON(error, in: source.text)
        }
        guard case .object(let members) = value else {
            throw Diagnostic(.error, "\(source.path): expected a JSON object, found \(value.type)")
        }
        return members
    }

    enum Origin: Equatable {
        case inline
        case file(String)
    }

    /// `@path` is a file; text that starts like JSON (`{`, `[`, `"`, a number, `true`…) is
    /// inline; anything else is taken as a file name, so `--state missing.json` says the
    /// file is missing instead of "not valid JSON".
    static func origin(of text: String) -> Origin {
        if text.hasPrefix("@") { return .file(String(text.dropFirst())) }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.unicodeScalars.first else { return .inline }
        if "{[\"-0123456789".unicodeScalars.contains(first) || ["true", "false", "null"].contains(trimmed) { return .inline }
        return .file(text)
    }

    private static func read(_ path: String, option: String, root: String?) throws(Diagnostic) -> String {
        switch ConfinedFile.read(path, root: root) {
        case .success(let data):
            return TextDecoding.string(data)
        case .failure(.missing), .failure(.notAFolder):
            throw Diagnostic(.error, "\(option): no such file '\(path)'", suggestion: "give a JSON object inline, or the path of a JSON file")
        case .failure(.folder):
            throw Diagnostic(.error, "\(option): '\(path)' is a folder, not a JSON file")
        case .failure(let problem):
            throw Diagnostic(.error, "\(option): \(problem.message(for: path))")
        }
    }
}
