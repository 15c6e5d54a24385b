// Runtime: reading the variable-length records inotify writes into a read buffer.
// Must not know about: which paths are watched (FileWatcher+Linux maps records to paths).

#if os(Linux)
/// One `struct inotify_event`: the watch it concerns, what happened, and the file name
/// inside the watched folder (empty for events on the folder itself).
struct InotifyRecord: Equatable {
    var watch: Int32
    var mask: UInt32
    var name: [UInt8]
}

/// Parses `inotify_event` records: a 16-byte header (wd, mask, cookie, len) followed by
/// `len` bytes of NUL-padded name. Every read is bounds-checked: a truncated record ends
/// the parse instead of reading past the buffer (the kernel never splits records, so that
/// only happens with a corrupt buffer).
enum InotifyRecords {
    /// `MemoryLayout<inotify_event>.size`: the name follows this header.
    static let headerSize = 16

    /// The complete records in `bytes`, in order.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyRecord] {
        var records: [InotifyRecord] = []
        var offset = 0
        while bytes.count - offset >= headerSize {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            guard length <= bytes.count - nameStart else { break }
            let padded = bytes[nameStart..<nameStart + length]
            let name = padded.prefix { $0 != 0 }
            records.append(InotifyRecord(watch: watch, mask: mask, name: Array(name)))
            offset = nameStart + length
        }
        return records
    }
}
#endif
