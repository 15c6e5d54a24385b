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
    /// Serves until `exit` or the end of the input; returns the exit status.
    static func serve(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Int32 {
        var server = LspServer()
        var reader = LspFrameReader()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
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
            // Diagnostics are checked once per read, after every message in it: a burst of
            // changes is checked once.
            if server.exitStatus == nil { outgoing += server.flushDiagnostics() }
            for body in outgoing {
                let framed = LspFrameReader.frame(body)
                let wrote = framed.withUnsafeBytes { POSIXCalls.writeAll(output, $0) }
                guard wrote else { return 1 }
            }
            if let status = server.exitStatus { return status }
        }
    }
}
