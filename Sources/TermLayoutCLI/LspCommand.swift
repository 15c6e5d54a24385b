import ArgumentParser
import Foundation
import TermLayout

/// `termlayout lsp`: the template language server, speaking the Language Server Protocol on
/// standard input and output.
struct LspCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the template language server on standard input and output.",
        discussion: """
        Speaks the Language Server Protocol (JSON-RPC with Content-Length framing) for an \
        editor: it publishes the diagnostics of 'termlayout check' for open templates as they \
        are edited. Exits 0 after 'shutdown' then 'exit', 1 when the input ends or 'exit' comes \
        without 'shutdown'.
        """
    )

    func run() throws {
        // A client that goes away makes write(2) fail with EPIPE, which ends the loop below,
        // rather than killing the server mid-message.
        signal(SIGPIPE, SIG_IGN)
        throw ExitCode(LspStdio.serve())
    }
}

/// The read–handle–write loop of ``LspCommand`` over file descriptors 0 and 1.
enum LspStdio {
    /// Serves until `exit` or the end of the input; returns the exit status. Changed
    /// documents are checked when the input has been quiet for ``LspDebounce/quietPeriod``
    /// (waiting for it with `poll(2)`), or at once before a request that needs their
    /// diagnostics (``LspServer/receive(_:)`` sees to that).
    static func serve(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, debounce: LspDebounce = LspDebounce()) -> Int32 {
        var server = LspServer()
        var reader = LspFrameReader()
        var debounce = debounce
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        func send(_ bodies: [[UInt8]]) -> Bool {
            for body in bodies {
                let framed = LspFrameReader.frame(body)
                guard framed.withUnsafeBytes({ POSIXCalls.writeAll(output, $0) }) else { return false }
            }
            return true
        }
        while true {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, debounce.pollTimeout(at: now()))
            if ready < 0, errno != EINTR { return 1 }
            if ready <= 0 {
                if debounce.isDue(at: now()) {
                    debounce.checked()
                    guard send(server.flushDiagnostics()) else { return 1 }
                }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return 1 } // The input ended without `exit`.
            reader.append(chunk[0..<count])
            var outgoing: [[UInt8]] = []
            while let event = reader.next() {
                switch event {
                case .message(let body): outgoing += server.receive(body)
                case .failure(let problem): outgoing.append(server.framingError(problem))
                }
                if server.exitStatus != nil { break }
            }
            debounce.inputArrived(at: now(), pending: server.hasPendingDiagnostics)
            guard send(outgoing) else { return 1 }
            if let status = server.exitStatus { return status }
        }
    }

    /// Monotonic nanoseconds.
    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
