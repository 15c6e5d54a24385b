import Foundation
import TestSupport
import Testing

/// The Gallery's Table page in a real terminal (tmux): keys, a header click that sorts, CJK
/// cells, and a resize to 40×12 that keeps the sort and scrolls the columns sideways.
struct GalleryTableEndToEndTests {
    @Test func tableSelectsSortsByAHeaderClickAndSurvivesAResize() throws {
        try #require(GalleryEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let tmux = GalleryEndToEndTests.makeTmux()
        try GalleryEndToEndTests.start(tmux)
        _ = try tmux.waitFor { $0.contains("last action: none yet") }
        try tmux.run(["send-keys", "-t", "preview", "Right", "Right", "Right", "Right", "Right", "Right"])
        #expect(try tmux.waitFor { $0.contains("page 6") && $0.contains("東京 Tokyo") }.contains(" 上海 Shanghai"))
        // Tab to the table, ↓ to Delhi, Enter opens it.
        try tmux.run(["send-keys", "-t", "preview", "Tab", "Down", "Enter"])
        #expect(try tmux.waitFor { $0.contains("opened: Delhi") }.contains("last action: openMetro: Delhi"))
        // A click (X10 encoding: button, column + 33, row + 33) on "Population" at column 62, row 3.
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M _$\u{1B}[M#_$"])
        let sorted = try tmux.waitFor { $0.contains("Population ▲") && $0.contains(" Zürich") }
        let lines = sorted.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex { $0.contains("Population ▲") })
        #expect(lines[header + 1].hasPrefix(" Zürich"))
        #expect(lines[header + 2].hasPrefix(" 서울 Seoul"))
        // Smaller: the columns scroll sideways, the sort and the selection (Delhi) stay.
        try tmux.run(["resize-window", "-t", "preview", "-x", "40", "-y", "12"])
        let small = try tmux.waitFor { $0.contains("Population ▲") && $0.contains(" Delhi") && !$0.contains("Area km²") }
        #expect(small.contains(" 上海 Shangh… 中国"))
        try tmux.run(["send-keys", "-t", "preview", "Right"])
        #expect(try tmux.waitFor { $0.contains("Area km²") }.contains("Population ▲  Area km²"))
        try tmux.run(["send-keys", "-t", "preview", "Home", "Enter"])
        #expect(try tmux.waitFor { $0.contains("opened: Zürich") }.contains("selected: Zürich"))
        try tmux.run(["send-keys", "-t", "preview", "q"])
        #expect(try tmux.waitFor { $0.contains("STATUS") }.contains("STATUS 0"))
    }
}
