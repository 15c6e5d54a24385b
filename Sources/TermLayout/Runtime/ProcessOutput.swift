#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an app prints outside its screen (the red box's diagnostics as it ends, a stats-log
/// warning, `--help`): written with write(2), so an output that cannot be written (a full
/// disk, a closed pipe) loses the text instead of trapping, as `FileHandle.write` does.
package enum ProcessOutput {
    /// Writes `text` as it is (the caller sanitises what came from files) to `descriptor`,
    /// stderr unless given; whether all of it was written.
    @discardableResult
    package static func write(_ text: String, to descriptor: Int32 = STDERR_FILENO) -> Bool {
        var text = text
        return text.withUTF8 { POSIXCalls.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
}
