import Foundation
import TermLayout

/// Writes the command's output with write(2), so that a full disk or a closed pipe ends the
/// command the way scripts expect instead of a trap (Foundation's `FileHandle.write` traps on
/// an error) or a silent loss (`print` drops errors and exits 0).
enum StandardStreams {
    /// The exit status when the output could not be written (sysexits' EX_IOERR).
    static let outputFailedStatus: Int32 = 74

    /// Writes `text` to `descriptor` (1 or 2). When standard output fails, says so on
    /// standard error and exits with ``outputFailedStatus``; a closed pipe (`| head`) ends the
    /// process by SIGPIPE as other command-line tools do.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        let wrote = text.withUTF8 { POSIXCalls.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        guard !wrote else { return }
        let code = errno
        if code == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        if descriptor != STDERR_FILENO {
            write("error: cannot write the output: \(String(cString: strerror(code)))\n", to: STDERR_FILENO)
        }
        exit(outputFailedStatus)
    }
}
