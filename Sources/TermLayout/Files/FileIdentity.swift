#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names, whatever the spelling: the device and inode `stat` gives after
/// following links, so `./Main.xml`, `out/../Main.xml`, a symlink and a hard link to it
/// are one file.
package struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the existing file at `path`, or `nil` if there is none.
    package init?(_ path: String) {
        var status = stat()
        guard !path.isEmpty, stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
