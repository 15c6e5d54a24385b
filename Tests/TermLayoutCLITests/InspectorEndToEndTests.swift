import Foundation
import TestSupport
import Testing

/// The inspector in the real `termlayout preview`, in tmux: F12 opens it, a click picks a
/// node, the pane shows it, F12 closes it and the app is back; the trace file has a line per
/// frame.
struct InspectorEndToEndTests {
    @Test func f12AndAClickShowTheNodeInThePane() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let trace = NSTemporaryDirectory() + "termlayout-trace-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let fixture = try PreviewFixture(xml: """
        <Column padding="1" gap="1">
            <Label id="greeting" text="Hello {name} 漢字 😀"/>
            <TextField id="field" text="{name}"/>
        </Column>
        """, arguments: ["--state", #"{"name": "Ada"}"#, "--trace", trace])
        defer { fixture.remove() }
        let tmux = TmuxSession()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "80", "-y", "24", fixture.command])
        _ = try tmux.waitFor { $0.contains("Hello Ada") }
        try tmux.run(["send-keys", "-t", "preview", "F12"])
        // Each wait includes the pane's body: a capture may catch a frame half written.
        let opened = try tmux.waitFor { $0.contains("Inspector · F12") && $0.contains("TextField#field") && $0.contains(#"text: string = "Ada""#) }
        #expect(opened.contains("at Screen.xml:3:6"))
        // A click on the label (column 2, row 1: X10 bytes are position + 33).
        try tmux.run(["send-keys", "-t", "preview", "-l", "\u{1B}[M #\"\u{1B}[M##\""])
        // Waits for the pane's body, not only its header: a capture may catch a frame half
        // written, the new header above the old node's properties.
        let picked = try tmux.waitFor { $0.contains("Label#greeting") && $0.contains("source Hello {name} 漢字 😀") }
        #expect(picked.contains("reads state name"))
        #expect(picked.contains("path Column › Label#greeting"))
        // Typing still reaches the app; the label's reason names the key.
        try tmux.run(["send-keys", "-t", "preview", "-l", "x"])
        let changed = try tmux.waitFor { $0.contains("changed state key name at frame") && $0.contains(#"text: string = "Hello Adax 漢字 😀""#) }
        #expect(changed.contains("Hello Adax"))
        try tmux.run(["send-keys", "-t", "preview", "F12"])
        // Waits for the whole pane to go: a capture may catch the closing frame half written,
        // the header row cleared above the pane's old body. Stale cells left there for good
        // time out here and fail.
        let closed = try tmux.waitFor { !$0.contains("Inspector") && !$0.contains("│") && $0.contains("Hello Adax") }
        #expect(!closed.contains("Label#greeting"))
        try tmux.run(["send-keys", "-t", "preview", "C-c"])
        _ = try tmux.waitFor { $0.contains("STATUS 0") }
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"termlayoutTrace":1"#) == true)
        #expect(lines.contains { $0.contains(#""stateKeys":["name"]"#) })
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)") }
        #if os(Linux)
        // Under ncurses the bytes are counted (the kernel's per-thread count): every frame
        // that sent cells wrote some.
        let frames = lines.dropFirst().compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(!frames.isEmpty)
        for frame in frames where (frame["cells"] as? Int ?? 0) > 0 {
            #expect((frame["bytes"] as? Int ?? 0) > 0, "\(frame)")
        }
        #endif
    }
}
