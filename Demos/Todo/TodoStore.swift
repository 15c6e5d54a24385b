import Foundation

/// The JSON file the list lives in: read once at start, written after every change.
///
/// A write goes to a temporary file beside the real one, is flushed to disk, and is then
/// renamed over it — a rename is atomic, so a crash or Ctrl-C mid-write leaves either the
/// old file or the new one, never half of one.
struct TodoStore: Sendable {
    /// Why the file could not be read or written; the message names the file.
    struct Failure: Error, CustomStringConvertible, Equatable {
        /// What went wrong, for stderr or the red box.
        let description: String
    }

    /// The file's path.
    let path: String

    /// The file's path when none is given: `~/.termlayout-todo.json`.
    static var defaultPath: String {
        (NSHomeDirectory() as NSString).appendingPathComponent(".termlayout-todo.json")
    }

    /// The saved list: empty when the file does not exist yet; a `Failure` when it cannot be
    /// read or is not a todo file (which is then left untouched).
    func load() throws(Failure) -> TodoList {
        guard FileManager.default.fileExists(atPath: path) else { return TodoList() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Failure(description: "cannot read \(path): \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(TodoList.self, from: data)
        } catch {
            throw Failure(description: "\(path) is not a todo list (\(Self.reason(error))); "
                + "it was left as it is: fix it, move it away or pass another --file")
        }
    }

    /// Writes `list` to the file: to a temporary file first, flushed, then renamed over it.
    func save(_ list: TodoList) throws(Failure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(list)
        } catch {
            throw Failure(description: "cannot encode the list: \(error)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = ((directory.isEmpty ? "." : directory) as NSString)
            .appendingPathComponent(".\(name).\(getpid()).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot save to \(path): \(Self.systemError())") }
        var written = 0
        let wroteAll = data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while written < buffer.count {
                let result = write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
        let flushed = wroteAll && fsync(descriptor) == 0
        let failure = flushed ? nil : Self.systemError()
        close(descriptor)
        guard flushed, rename(temporary, path) == 0 else {
            let reason = failure ?? Self.systemError()
            unlink(temporary)
            throw Failure(description: "cannot save to \(path): \(reason)")
        }
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }

    /// A decoding error in a sentence: what was wrong, and where.
    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context):
            return context.underlyingError.map { "invalid JSON: \($0.localizedDescription)" } ?? context.debugDescription
        case .keyNotFound(let key, let context):
            return "missing '\(key.stringValue)'" + place(context)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.debugDescription + place(context)
        default:
            return "\(error)"
        }
    }

    private static func place(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "" : " at \(path)"
    }
}
