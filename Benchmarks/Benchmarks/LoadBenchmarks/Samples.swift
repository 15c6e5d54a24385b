import Foundation

/// Figures a benchmark collects while it runs, printed with their target when it ends (the
/// tables package-benchmark prints show the same figures without the target).
///
/// `@unchecked Sendable`: `values` is read and written only under `lock`.
final class Samples: @unchecked Sendable {
    static let shared = Samples()
    private let lock = NSLock()
    private var values: [String: [Double]] = [:]
    private var order: [String] = []

    /// Adds one sample of `figure`.
    func add(_ figure: String, _ value: Double) {
        lock.withLock {
            if values[figure] == nil { order.append(figure) }
            values[figure, default: []].append(value)
        }
    }

    /// Prints each figure's median and p90 and, where there is a target, the median's ratio
    /// to it (below 1: met).
    func report(targets: [String: Double] = [:]) {
        let lines = lock.withLock {
            order.map { figure -> String in
                let sorted = (values[figure] ?? []).sorted()
                let median = Self.percentile(sorted, 0.5), p90 = Self.percentile(sorted, 0.9)
                var line = "\(figure): median \(Self.format(median)), p90 \(Self.format(p90)) (\(sorted.count) samples)"
                if let target = targets[figure] {
                    line += "; target \(Self.format(target)): ratio \(String(format: "%.2f", median / target))"
                        + (median <= target ? " — met" : " — NOT met")
                }
                return line
            }
        }
        print(lines.map { "  [load] " + $0 }.joined(separator: "\n"))
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return sorted[index]
    }

    static func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
    }
}
