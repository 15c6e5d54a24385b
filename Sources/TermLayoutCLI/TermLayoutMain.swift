import Dispatch
import Foundation

/// The process's entry point. A synchronous `main`: the commonest plain command lines
/// (``FastInvocation``: `eval EXPR`, `render FILE --size …`) run at once, without
/// ArgumentParser and without starting the concurrency runtime's main task, which together
/// cost more than the commands' own work (issue 32). Every other command line runs
/// `TermLayoutCommand.main()` on the main actor as an `async` main would: a task on the main
/// queue, which `dispatchMain()` then serves for the rest of the process.
@main
enum TermLayoutMain {
    static func main() {
        if let fast = FastInvocation(Array(CommandLine.arguments.dropFirst())) {
            do {
                try fast.run()
            } catch {
                TermLayoutCommand.exit(after: error)
            }
            return
        }
        Task { @MainActor in
            await TermLayoutCommand.main()
            exit(0)
        }
        dispatchMain()
    }
}
