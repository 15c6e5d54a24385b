#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The few system calls the file helpers make, each retried on EINTR and turned into a
/// ``FileAccessError`` that names the file.
package enum POSIXCalls {
    /// The message for the current `errno`.
    static func errorMessage(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// A `.system` error for `call` on `path`, from the current `errno`.
    static func failure(_ call: String, _ path: FilePath, code: Int32 = errno) -> FileAccessError {
        FileAccessError(.system(call: call, message: errorMessage(code)), path: path)
    }

    /// Writes all of `bytes` to `descriptor`, however many calls that takes.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var base = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let written = write(descriptor, base, left)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            base += written
            left -= written
        }
        return true
    }

    /// `lstat` of `path`, or `nil` with `errno` set.
    static func linkStatus(_ path: FilePath) -> stat? {
        var info = stat()
        return path.withPlatformString { lstat($0, &info) } == 0 ? info : nil
    }

    /// `stat` of `path` (following symlinks), or `nil` with `errno` set.
    static func status(_ path: FilePath) -> stat? {
        var info = stat()
        return path.withPlatformString { stat($0, &info) } == 0 ? info : nil
    }

    /// What kind of file `mode` describes, in words: "a folder", "a FIFO", …
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symlink"
        default: "a special file"
        }
    }

    /// The path symlinks and `..` resolve to, or `nil` with `errno` set.
    static func realPath(_ path: FilePath) -> FilePath? {
        path.withPlatformString { raw -> FilePath? in
            guard let resolved = realpath(raw, nil) else { return nil }
            defer { free(resolved) }
            return FilePath(platformString: resolved)
        }
    }
}
