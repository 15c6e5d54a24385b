import SystemPackage
import TermLayout

/// Where the commands that write files (`format`, `rename`, `port`) write them: through
/// ``SafeFileWriter``, so a symlink stays a symlink, a 0600 file stays 0600, a read-only file
/// is refused and a failed write leaves the old file whole.
enum FileOutput {
    /// Writes `text` to `path`; on failure prints why and returns `false` (the file is as it
    /// was), so a command can go on with its other files and exit 1 at the end.
    static func write(_ text: String, to path: String) -> Bool {
        write(Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path` as ``write(_:to:)-(String,_)`` does text.
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        do {
            try SafeFileWriter.write(bytes, to: FilePath(path))
            return true
        } catch {
            Terminal.printError(error.description)
            return false
        }
    }

    /// Whether every one of `paths` could be written; prints why for each that could not.
    static func canWrite(_ paths: [String]) -> Bool {
        var all = true
        for path in paths {
            do {
                try SafeFileWriter.checkWritable(FilePath(path))
            } catch {
                Terminal.printError(error.description)
                all = false
            }
        }
        return all
    }
}
