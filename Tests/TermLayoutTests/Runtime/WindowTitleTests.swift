import Testing
@testable import TermLayout

/// `windowTitle` on the root: evaluated each frame, handed to the backend only when it
/// changes, with controls removed and its length bounded; root-only.
@MainActor
struct WindowTitleTests {
    @Test func theRootsTitleReachesTheBackendWhenItChanges() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column windowTitle="{file} — Notes"><Label text="{count}"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["file": "a.md", "count": 0], options: options)
        let pilot = Pilot(app, columns: 30, rows: 4)
        #expect(pilot.backend.titles == ["a.md — Notes"])
        // A frame whose title is the same sends nothing.
        try app.setState(["count": 1])
        pilot.advance(by: .zero)
        #expect(pilot.text.contains("1"))
        #expect(pilot.backend.titles == ["a.md — Notes"])
        try app.setState(["file": "b.md"])
        pilot.advance(by: .zero)
        #expect(pilot.backend.titles == ["a.md — Notes", "b.md — Notes"])
    }

    @Test func aTitleFromStateCarriesNoEscapeSequence() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column windowTitle="{file}"/>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["file": "x\u{1B}]2;pwned\u{07}\n\u{9B}31m"], options: options)
        let pilot = Pilot(app, columns: 30, rows: 4)
        #expect(pilot.backend.titles == ["x ]2;pwned 31m"])
    }

    @Test func aTitleThatCannotBeEvaluatedShowsInTheRedBox() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column windowTitle="{1 / count}"><Label text="x"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["count": 2], options: options)
        let pilot = Pilot(app, columns: 60, rows: 12)
        #expect(pilot.backend.titles == ["0.5"])
        try app.setState(["count": "two"])
        pilot.advance(by: .zero)
        #expect(!pilot.diagnostics.isEmpty)
        #expect(pilot.backend.titles == ["0.5"])
    }

    @Test func aTitleDeletedFromTheTemplateGivesTheWindowItsTitleBack() async throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column windowTitle="{file}"><Label text="x"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["file": "a.md"], options: options)
        let pilot = Pilot(app, columns: 30, rows: 4)
        #expect(pilot.backend.titles == ["a.md"])
        try fixture.write("Main.xml", #"<Column><Label text="y"/></Column>"#)
        app.reload()
        try await pilot.settle()
        #expect(pilot.text.contains("y"))
        #expect(pilot.backend.titleRestores == 1)
        // Put back, it is set again; further frames without a change send nothing.
        try fixture.write("Main.xml", #"<Column windowTitle="{file}"><Label text="z"/></Column>"#)
        app.reload()
        try await pilot.settle()
        #expect(pilot.backend.titles == ["a.md", "a.md"])
        #expect(pilot.backend.titleRestores == 1)
    }

    @Test func noTitleAttributeSetsNoTitle() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column border="single" title="Border only"/>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let pilot = Pilot(LayoutApp(template: fixture.path("Main.xml"), state: [:], options: options), columns: 30, rows: 4)
        #expect(pilot.backend.titles.isEmpty)
    }

    @Test func sanitisingRemovesControlsAndBoundsTheLength() {
        #expect(WindowTitle.sanitize("  a\tb\u{7F}\u{85}c  ") == "a b c")
        #expect(WindowTitle.sanitize("\u{202E}evil") == "evil")
        let long = WindowTitle.sanitize(String(repeating: "é", count: 500))
        #expect(long.count == WindowTitle.characterLimit)
        #expect(long.hasSuffix("…"))
        #expect(WindowTitle.sanitize("plain") == "plain")
    }

    /// Unicode's whole Bidi_Control set, marks included, becomes spaces in a title: an RLM
    /// or ALM moves the neutrals around it in a bidi-aware title bar as an override does.
    @Test func everyBidiControlBecomesASpace() {
        let controls: [UInt32] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        for value in controls {
            let scalar = Character(Unicode.Scalar(value)!)
            #expect(WindowTitle.sanitize("a\(scalar)b") == "a b", "U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(WindowTitle.sanitize("\u{200F}1-2\u{200E}") == "1-2")
        #expect(WindowTitle.sanitize("שלום \u{05D0}") == "שלום \u{05D0}", "right-to-left letters themselves stay")
    }

    @Test func theTitleBelongsOnTheRoot() {
        #expect(diagnostics(of: "<Column>\n  <View windowTitle=\"x\"/>\n</Column>") == [
            "T.xml:2:22: error: 'windowTitle' applies to the whole tree, so only the screen's root element sets it (not an element inside, nor an included file's root); move windowTitle=\"x\" to the root element",
        ])
        #expect(diagnostics(of: "<Column windowTitle=\"{a}\"/>").isEmpty)
    }
}
