import Foundation
import SystemPackage

/// When a file was last renamed into a folder, as an inotify watch of the benchmark's own
/// sees it (`IN_MOVED_TO`, the event the app's watcher wakes for): the moment a save's new
/// file is in place, before the writer's fsync of the folder returns. A thread blocked on the
/// watch takes the time as the event arrives, so the time is at most its wake-up late (the
/// benchmark takes the earlier of it and the save's return).
///
/// `@unchecked Sendable`: `renamed` is read and written only under `lock`; `descriptor` is
/// written once, in `init`.
final class RenameClock: @unchecked Sendable {
    private let lock = NSLock()
    private var renamed: [String: ContinuousClock.Instant] = [:]
    private let descriptor: Int32

    /// Watches `folder`; `nil` where inotify is not available.
    init?(folder: FilePath) {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard folder.withPlatformString({ inotify_add_watch(descriptor, $0, UInt32(IN_MOVED_TO)) }) >= 0 else {
            close(descriptor)
            return nil
        }
        Thread.detachNewThread { [self] in readEvents() }
        #else
        return nil
        #endif
    }

    /// When `name` was last renamed into the folder, waiting up to `limit` for the event.
    func renameTime(of name: String, after earliest: ContinuousClock.Instant, limit: Duration = .seconds(1)) -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let time = lock.withLock({ renamed[name] }), time >= earliest { return time }
            usleep(50)
        }
        return nil
    }

    #if os(Linux)
    private func readEvents() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        while true {
            let count = read(descriptor, buffer, size)
            let now = ContinuousClock.now
            guard count > 0 else {
                if count < 0 && errno == EINTR { continue }
                return
            }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let length = Int(event.len)
                if length > 0 {
                    let bytes = UnsafeRawBufferPointer(start: nameStart, count: length)
                    let name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    lock.withLock { renamed[name] = now }
                }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }
    #endif
}
