import Benchmark

/// Registers a benchmark whose every iteration runs `step` on the main actor, where apps and
/// their `Pilot`s live (the benchmark runner itself runs off it).
///
/// ```swift
/// mainActorBenchmark("Log: one line appended → frame drawn", configuration: frame) {
///     LogFixture.shared.appendAndDraw()
/// }
/// ```
public func mainActorBenchmark(_ name: String, configuration: Benchmark.Configuration,
                               _ step: @escaping @MainActor @Sendable () -> Void) {
    Benchmark(name, configuration: configuration) { benchmark async in
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            for _ in iterations { step() }
        }
    }
}
