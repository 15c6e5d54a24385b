import Foundation
import SystemPackage
import TestSupport
import Testing

/// The live-editing loop in a real terminal: `termlayout preview` in tmux while the template
/// is edited on disk — in place, by an editor's rename, and in an included file; broken and
/// fixed; reloaded with R — and the typed text survives all of it.
struct LiveReloadEndToEndTests {
    typealias Tmux = PreviewEndToEndTests.Tmux

    static func template(title: String, gap: String = "1") -> String {
        """
        <Column padding="1" gap="\(gap)">
            <Label text="\(title): {query}"/>
            <TextField text="{query}" placeholder="Type here"/>
            <View xml="Footer.xml"/>
            <Button title="OK" press="ok"/>
        </Column>
        """
    }

    @Test func editsOnDiskShowAtOnceAndTheRedBoxComesAndGoes() throws {
        try #require(PreviewEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let fixture = try PreviewFixture(xml: Self.template(title: "First"), arguments: ["--state", #"{"query": ""}"#])
        defer { fixture.remove() }
        let footer = FilePath(fixture.folder).appending("Footer.xml").string
        func write(_ text: String, to path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        try write("<Label text=\"footer one\"/>", to: footer)
        let tmux = Tmux()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "60", "-y", "14", fixture.command])
        _ = try tmux.waitFor { $0.contains("footer one") }
        try tmux.run(["send-keys", "-t", "preview", "-l", "hello"])
        #expect(try tmux.waitFor { $0.contains("First: hello") }.contains("First: hello"))

        // Saved in place.
        try write(Self.template(title: "Second"), to: fixture.template)
        #expect(try tmux.waitFor { $0.contains("Second: hello") }.contains("Second: hello"), "the typed text is kept")

        // Saved by an editor: a temporary file renamed over the template.
        let temporary = fixture.template + ".tmp"
        try write(Self.template(title: "Third"), to: temporary)
        #expect(rename(temporary, fixture.template) == 0)
        #expect(try tmux.waitFor { $0.contains("Third: hello") }.contains("Third: hello"))

        // An included file.
        try write("<Label text=\"footer two\"/>", to: footer)
        #expect(try tmux.waitFor { $0.contains("footer two") }.contains("footer two"))

        // Broken: the red box names the file, line and column, with the source and a caret.
        try write(Self.template(title: "Third", gap: "1 +"), to: fixture.template)
        // The box's last line, so the whole box is drawn.
        let box = try tmux.waitFor { $0.contains("1 error") && $0.contains("R reload · Q quit") }
        #expect(box.contains("Screen.xml:1:29: error: expected an expression after '+'"))
        #expect(box.contains(#"<Column padding="1" gap="1 +">"#))
        #expect(box.contains("R reload · Q quit"))

        // Fixed: the app is back with its state, by itself.
        try write(Self.template(title: "Fourth"), to: fixture.template)
        let back = try tmux.waitFor { $0.contains("Fourth: hello") && $0.contains("Fourth: hello") }
        #expect(back.contains("Fourth: hello"))
        #expect(!back.contains("1 error"))

        // R reloads on demand (outside the text field: Tab to the button first).
        try tmux.run(["send-keys", "-t", "preview", "-l", " there"])
        #expect(try tmux.waitFor { $0.contains("Fourth: hello there") }.contains("Fourth: hello there"))
        try tmux.run(["send-keys", "-t", "preview", "Tab", "R"])
        let reloaded = try tmux.waitFor { $0.contains("reloaded Screen.xml") && $0.contains("reloaded Screen.xml") }
        #expect(reloaded.contains("reloaded Screen.xml"))
        #expect(reloaded.contains("Fourth: hello there"))

        try tmux.run(["send-keys", "-t", "preview", "q"])
        #expect(try tmux.waitFor { $0.contains("STATUS") }.contains("STATUS 0"))
    }

    /// A template that is broken from the start opens with the red box, not an exit; fixing it
    /// shows the app; quitting while it is broken prints the problems and exits 1.
    @Test func aTemplateBrokenAtStartOpensWithTheRedBox() throws {
        try #require(PreviewEndToEndTests.tmuxAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let fixture = try PreviewFixture(xml: "<Column>\n    <Labl text=\"hi\"/>\n</Column>\n")
        defer { fixture.remove() }
        let tmux = Tmux()
        try tmux.run(["new-session", "-d", "-s", "preview", "-x", "70", "-y", "12", fixture.command])
        let box = try tmux.waitFor { $0.contains("1 error") && $0.contains("R reload · Q quit") }
        #expect(box.contains("Screen.xml:2:6: error: unknown element <Labl>; did you mean"))
        #expect(box.contains("     ^~~~"))
        try Data("<Column>\n    <Label text=\"fixed\"/>\n</Column>\n".utf8).write(to: URL(fileURLWithPath: fixture.template))
        #expect(try tmux.waitFor { $0.contains("fixed") }.contains("fixed"))
        try Data("<Column>\n    <Label text=\"{nope}\"/>\n</Column>\n".utf8).write(to: URL(fileURLWithPath: fixture.template))
        _ = try tmux.waitFor { $0.contains("1 error") }
        try tmux.run(["send-keys", "-t", "preview", "q"])
        let after = try tmux.waitFor { $0.contains("STATUS") && $0.contains("STATUS 1") }
        #expect(after.contains("STATUS 1"))
        #expect(after.contains("unknown symbol 'nope'"), "the red box's problems are printed when the app exits")
    }
}
