/// The lines a `Log` keeps, on its node: a ring buffer of at most `limit` lines, so appending
/// is O(1) and the oldest line goes when a new one would exceed the limit. Lines are numbered
/// from the first ever appended (``startIndex`` moves on as old lines are dropped), so a view
/// scrolled up stays on the same line while new ones arrive.
final class LogLines {
    /// The kept lines; once full, `start` is the oldest.
    private var storage: [String] = []
    private var start = 0
    /// The number of the oldest kept line (lines dropped so far).
    private(set) var startIndex = 0
    /// The number of the bottom line shown while the user has scrolled up; `nil` while the
    /// view follows the tail.
    var anchor: Int?

    /// The number one past the newest line.
    var endIndex: Int { startIndex + storage.count }
    /// How many lines are kept.
    var count: Int { storage.count }

    /// The line numbered `index` (``startIndex`` ..< ``endIndex``).
    subscript(index: Int) -> String {
        let offset = index - startIndex
        return storage[(start + offset) % storage.count]
    }

    /// The limit of the last append (the ring wraps only when full, so `start` is 0 until then).
    private var capacity = Int.max

    /// Appends `line`, dropping the oldest lines beyond `limit` (at least 1).
    func append(_ line: String, limit: Int) {
        let limit = max(1, limit)
        if limit != capacity { resize(to: limit) }
        if storage.count < limit {
            storage.append(line)
        } else {
            storage[start] = line
            start = (start + 1) % storage.count
            startIndex += 1
        }
        if let anchor, anchor < startIndex { self.anchor = startIndex }
    }

    /// Forgets every line.
    func removeAll() {
        startIndex = endIndex
        storage = []
        start = 0
        anchor = nil
    }

    /// The kept lines, oldest first.
    var lines: [String] { (startIndex..<endIndex).map { self[$0] } }

    /// Keeps the newest `limit` lines, in order from the array's start.
    private func resize(to limit: Int) {
        if start != 0 || storage.count > limit {
            let kept = Array(lines.suffix(limit))
            startIndex += storage.count - kept.count
            storage = kept
            start = 0
        }
        capacity = limit
        if let anchor, anchor < startIndex { self.anchor = startIndex }
    }
}
