/// A unified diff of two texts (`termlayout rename --dry-run`), as `diff -u` prints it.
public enum UnifiedDiff {
    /// The diff of `old` and `new` with `context` lines around each change; empty if equal.
    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- \(path)\n+++ \(path)\n"
        // Group changes whose contexts touch into hunks.
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            while end < script.count {
                guard let nextChange = script[end...].firstIndex(where: { $0.kind != .same }) else { break }
                if nextChange - end > 2 * context && end != firstChange { break }
                end = nextChange + 1
            }
            end = min(script.count, end + context)
            let hunk = script[start..<end]
            let oldStart = (hunk.first?.oldLine ?? 0) + 1, newStart = (hunk.first?.newLine ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count, newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for line in hunk {
                switch line.kind {
                case .same: output += " " + a[line.oldLine] + "\n"
                case .delete: output += "-" + a[line.oldLine] + "\n"
                case .insert: output += "+" + b[line.newLine] + "\n"
                }
            }
            index = end
        }
        return output
    }

    struct Line {
        enum Kind { case same, delete, insert }
        var kind: Kind
        /// The line in the old text (for inserts: the next old line).
        var oldLine: Int
        /// The line in the new text (for deletes: the next new line).
        var newLine: Int
    }

    /// A shortest edit script by longest common subsequence (templates are small).
    static func editScript(_ a: [String], _ b: [String]) -> [Line] {
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var script: [Line] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                script.append(Line(kind: .same, oldLine: i, newLine: j)); i += 1; j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                script.append(Line(kind: .delete, oldLine: i, newLine: j)); i += 1
            } else {
                script.append(Line(kind: .insert, oldLine: i, newLine: j)); j += 1
            }
        }
        return script
    }
}
