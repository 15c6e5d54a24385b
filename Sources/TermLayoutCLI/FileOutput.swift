import Foundation
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

    /// Makes the folder `path` and any missing parents (`mkdir -p`); on failure prints why —
    /// a file in the way, a missing permission — naming the folder as written, and returns
    /// `false`.
    static func makeFolder(_ path: String, option: String) -> Bool {
        var made = FilePath(path).root.map { FilePath(root: $0) } ?? FilePath()
        for component in FilePath(path).components {
            made.append(component)
            var info = stat()
            if stat(made.string, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    Terminal.printError("\(option) '\(path)': '\(made)' is not a folder")
                    return false
                }
                continue
            }
            guard mkdir(made.string, 0o777) == 0 || errno == EEXIST else {
                Terminal.printError("\(option) '\(path)': cannot create the folder '\(made)': \(String(cString: strerror(errno)))")
                return false
            }
        }
        return true
    }
}
