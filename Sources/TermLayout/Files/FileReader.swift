#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemPackage

/// Reads a whole file, if it is a regular file no larger than a limit. It is opened with
/// `O_NONBLOCK` and checked with `fstat` before a byte is read, so a FIFO never blocks the
/// open, and a FIFO, a device (`/dev/zero`) or a socket is reported, never read.
package enum FileReader {
    /// The contents of the regular file at the canonical `path` (confine first, see
    /// ``ConfinedFile``), at most `limit` bytes. A canonical path ends in no symlink, so the
    /// file is opened with `O_NOFOLLOW`: one swapped in after the check is refused.
    package static func read(_ path: String, limit: Int = TemplateLimits.maximumFileSize) -> Result<Data, FileProblem> {
        do {
            return .success(try contents(of: path, limit: limit, followingLinks: false).data)
        } catch {
            return .failure(error)
        }
    }

    /// The contents of the regular file at `path` and its `fstat` from the same open file;
    /// a symlink is followed only with `followingLinks`.
    package static func readWithStatus(_ path: String, limit: Int, followingLinks: Bool) -> Result<(data: Data, status: stat), FileProblem> {
        do {
            return .success(try contents(of: path, limit: limit, followingLinks: followingLinks))
        } catch {
            return .failure(error)
        }
    }

    /// ``readWithStatus(_:limit:followingLinks:)`` with the problem thrown. (`read` does not
    /// map that one's `Result`: copying a `Result` of a tuple in place costs the Swift
    /// runtime scans of every protocol conformance in the binary, once per process.)
    private static func contents(of path: String, limit: Int, followingLinks: Bool) throws(FileProblem) -> (data: Data, status: stat) {
        guard !path.isEmpty else { throw .emptyPath }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            // O_NOFOLLOW on a canonical path fails with ELOOP only where a link is left: one
            // that leads nowhere (canonical form resolves every link that leads somewhere).
            throw errno == ELOOP ? .brokenLink : problem(at: path) ?? problem(errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw problem(errno) }
        if let kind = kind(of: status.st_mode) { throw kind }
        if Int(status.st_size) > limit { throw .tooLarge(limit: limit) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw problem(errno)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit { throw .tooLarge(limit: limit) }
        }
        return (data, status)
    }

    /// What is at `path` if it is not a regular file (following links), or `nil` for a
    /// regular file; `.missing` and the like when it cannot be looked at.
    package static func problem(at path: String) -> FileProblem? {
        guard !path.isEmpty else { return .emptyPath }
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ELOOP, isSymbolicLink(path) { return .brokenLink }
            return problem(code)
        }
        return kind(of: status.st_mode)
    }

    /// Whether `path` (followed through links) is a folder.
    package static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return !path.isEmpty && stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` itself is a symbolic link (not followed); `link/` counts as the link
    /// it is written through.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        let unslashed = FilePath(path).string
        return !unslashed.isEmpty && lstat(unslashed, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// The problem with a file of this mode, or `nil` for a regular file.
    private static func kind(of mode: mode_t) -> FileProblem? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .folder
        default: .notRegular(kind: POSIXCalls.kind(of: mode))
        }
    }

    private static func problem(_ code: Int32) -> FileProblem {
        switch code {
        case ENOENT: .missing
        case ENOTDIR: .notAFolder
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .folder
        default: .failed(String(cString: strerror(code)))
        }
    }
}

/// `read(2)`, named apart from ``FileReader/read(_:limit:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
