import Foundation
import SystemPackage
import Testing
import TermLayout
@testable import Notes

/// The Notes demo (issue 27) headless: the Tree of notes, editing with a debounced atomic
/// save, the preview, new notes, sorting, and a note another program changes.
@MainActor
struct NotesAppTests {
    @Test func theFirstNoteOpensAndTheTreeShowsTheFolder() throws {
        let fixture = try NotesFixture(["b.md": "# Bee\n\ntext", "a.md": "# Aye", "ideas/x.md": "x", "skip.bin": "no", ".hidden.md": "no"])
        #expect(fixture.pilot.diagnostics.isEmpty, "\(fixture.pilot.diagnostics)")
        let screen = fixture.pilot.text
        #expect(screen.contains("ideas"))
        #expect(screen.contains("a.md") && screen.contains("b.md") && screen.contains("x.md"))
        #expect(!screen.contains("skip.bin") && !screen.contains(".hidden"))
        // Folders first, then notes by name: ideas/x.md is the first note.
        #expect(fixture.app.state.noteName == "ideas/x.md")
    }

    @Test func typingIsSavedAfterAPauseAndLogged() throws {
        let fixture = try NotesFixture(["a.md": "Hello"])
        let editor = fixture.app.outlet("editor", as: TextAreaWidget.self)
        try editor.focus()
        fixture.pilot.press(.modified(.end, [.control]))
        fixture.pilot.type(" world 日本")
        #expect(try fixture.read("a.md") == "Hello", "not yet: the keys have not stopped")
        fixture.pilot.advance(by: .milliseconds(600))
        #expect(try fixture.read("a.md") == "Hello world 日本")
        #expect(fixture.logged.last?.hasPrefix("saved a.md") == true, "\(fixture.logged)")
    }

    @Test func ctrlETogglesTheMarkdownPreview() throws {
        let fixture = try NotesFixture(["a.md": "# Title\n\nSome **bold** text"])
        #expect(fixture.pilot.text.contains("# Title"))
        fixture.pilot.press(.control("e"))
        #expect(fixture.app.state.preview)
        #expect(!fixture.pilot.text.contains("# Title"))
        #expect(fixture.pilot.text.contains("Some bold text"))
        fixture.pilot.press(.control("e"))
        #expect(fixture.pilot.text.contains("# Title"))
    }

    @Test func ctrlNMakesANewNoteBesideTheSelectedOne() throws {
        let fixture = try NotesFixture(["ideas/x.md": "x"])
        fixture.pilot.press(.control("n"))
        #expect(FileManager.default.fileExists(atPath: fixture.folder.appending("ideas/Untitled.md").string))
        #expect(fixture.app.state.noteName == "ideas/Untitled.md")
        fixture.pilot.press(.control("n"))
        #expect(fixture.app.state.noteName == "ideas/Untitled 2.md")
    }

    @Test func theWindowTitleNamesTheOpenNote() throws {
        let fixture = try NotesFixture(["ideas/x.md": "x"])
        #expect(fixture.pilot.backend.titles.last == "ideas/x.md — Notes")
        fixture.pilot.press(.control("n"))
        #expect(fixture.pilot.backend.titles.last == "ideas/Untitled.md — Notes")
        let empty = try NotesFixture([:])
        #expect(empty.pilot.backend.titles.last == "Notes")
    }

    @Test func aNoteChangedOnDiskIsReadAgainWhenNothingIsUnsaved() throws {
        let fixture = try NotesFixture(["a.md": "mine"])
        try fixture.write("a.md", "theirs, longer")
        fixture.pilot.advance(by: .seconds(1.1))
        #expect(fixture.app.state.body == "theirs, longer")
    }

    @Test func aConflictIsFlaggedAndNeverOverwrittenSilently() throws {
        let fixture = try NotesFixture(["a.md": "base"])
        try fixture.app.outlet("editor", as: TextAreaWidget.self).focus()
        fixture.pilot.press(.modified(.end, [.control]))
        fixture.pilot.type(" + mine")
        try fixture.write("a.md", "theirs, written meanwhile")
        fixture.pilot.advance(by: .seconds(1.1))
        #expect(try fixture.read("a.md") == "theirs, written meanwhile", "never silently overwritten")
        #expect(fixture.app.state.warning.contains("changed on disk"), "\(fixture.app.state.warning)")
        #expect(fixture.app.state.body == "base + mine", "the text typed is kept")
        // The user chooses through the palette: keep mine.
        fixture.pilot.press(.control("p"))
        fixture.pilot.type("keep my")
        fixture.pilot.press(.enter)
        #expect(try fixture.read("a.md") == "base + mine")
        #expect(fixture.app.state.warning.isEmpty)
    }

    @Test func sortingByLastChangeReordersTheTree() throws {
        let fixture = try NotesFixture(["a.md": "old", "b.md": "new"])
        let old = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: fixture.folder.appending("a.md").string)
        fixture.app.state.sort = 1
        fixture.notes.rescan(fixture.app)
        fixture.pilot.advance(by: .zero)
        let lines = fixture.pilot.lines
        let a = try #require(lines.firstIndex { $0.hasPrefix("│") && $0.contains("a.md") })
        let b = try #require(lines.firstIndex { $0.hasPrefix("│") && $0.contains("b.md") })
        #expect(b < a, "the newest first")
    }

    @Test func aNoteThatIsNotUTF8OpensReadOnlyAndIsNeverRewritten() throws {
        let fixture = try NotesFixture([:])
        let path = fixture.folder.appending("latin1.txt")
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: URL(fileURLWithPath: path.string))
        fixture.notes.rescan(fixture.app)
        fixture.notes.open(path, in: fixture.app)
        #expect(fixture.app.state.locked)
        fixture.app.state.body = "changed"
        #expect(fixture.notes.saveNow(fixture.app))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path.string)) == Data([0x63, 0x61, 0x66, 0xE9]))
    }

    @Test func aReadOnlyNoteOpensReadOnly() throws {
        let fixture = try NotesFixture([:])
        let path = fixture.folder.appending("locked.md")
        try Data("# Locked".utf8).write(to: URL(fileURLWithPath: path.string))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path.string)
        fixture.notes.rescan(fixture.app)
        fixture.notes.open(path, in: fixture.app)
        #expect(fixture.app.state.locked)
        #expect(fixture.app.state.warning.contains("read-only"), "\(fixture.app.state.warning)")
    }

    @Test func savingThroughASymlinkKeepsTheLinkAndWritesItsTarget() throws {
        let fixture = try NotesFixture(["real/target.md": "one"])
        let link = fixture.folder.appending("link.md")
        try FileManager.default.createSymbolicLink(atPath: link.string, withDestinationPath: "real/target.md")
        fixture.notes.rescan(fixture.app)
        fixture.notes.open(link, in: fixture.app)
        fixture.app.state.body = "one, two"
        #expect(fixture.notes.saveNow(fixture.app))
        #expect(try fixture.read("real/target.md") == "one, two")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.string) == "real/target.md")
    }

    @Test func quittingWithAConflictKeepsACopy() throws {
        let fixture = try NotesFixture(["a.md": "base"])
        fixture.app.state.body = "base + mine"
        try fixture.write("a.md", "theirs")
        let problem = try #require(fixture.notes.saveOrKeepCopy(fixture.app))
        #expect(problem.contains("your text is in"))
        #expect(try fixture.read("a.md") == "theirs")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.string)
        let copy = try #require(names.first { $0.hasPrefix("a (unsaved ") && $0.hasSuffix(".md") }, "\(names)")
        #expect(try fixture.read(copy) == "base + mine")
    }

    @Test func theFirstNoteThatOpensIsOpenedAndDevicesAreRefused() throws {
        let fixture = try NotesFixture(["b.md": "fine"])
        try FileManager.default.createSymbolicLink(atPath: fixture.folder.appending("a.md").string, withDestinationPath: "/dev/zero")
        fixture.notes.rescan(fixture.app)
        let (app, notes) = makeNotesApp(templates: NotesFixture.templates, folder: fixture.folder, options: {
            var options = LayoutAppOptions()
            options.watchesFiles = false
            return options
        }())
        let pilot = Pilot(app, columns: 80, rows: 24)
        #expect(app.state.noteName == "b.md")
        #expect(pilot.text.contains("cannot use"), "the device is refused with a message")
        withExtendedLifetime(notes) {}
    }

    @Test func ctrlNInThePreviewGoesBackToTheEditor() throws {
        let fixture = try NotesFixture(["a.md": "# A"])
        fixture.pilot.press(.control("e"))
        #expect(fixture.app.state.preview)
        fixture.pilot.press(.control("n"))
        #expect(!fixture.app.state.preview, "a new note is for writing")
        fixture.pilot.type("typed")
        #expect(fixture.app.state.body == "typed")
    }

    @Test func aConflictIsSaidOnceAndNothingIsWrittenMeanwhile() throws {
        let fixture = try NotesFixture(["a.md": "base"])
        try fixture.app.outlet("editor", as: TextAreaWidget.self).focus()
        fixture.pilot.type("mine ")
        try fixture.write("a.md", "theirs")
        for _ in 0..<4 {
            fixture.pilot.type("x")
            fixture.pilot.advance(by: .seconds(1.1))
        }
        #expect(fixture.logged.filter { $0.contains("changed on disk") }.count == 1, "\(fixture.logged)")
        #expect(try fixture.read("a.md") == "theirs")
    }

    @Test func aCopyGoesElsewhereWhenTheNotesFolderIsGone() throws {
        let fixture = try NotesFixture(["a.md": "base"])
        let note = try OpenNote.open(fixture.folder.appending("a.md"))
        try FileManager.default.removeItem(atPath: fixture.folder.string)
        let copy = try note.saveCopy("typed after the folder went")
        defer { try? FileManager.default.removeItem(atPath: copy.string) }
        #expect(!copy.starts(with: fixture.folder))
        #expect(try String(contentsOfFile: copy.string, encoding: .utf8) == "typed after the folder went")
    }

    /// Found by hand at 40×12: the panes took every row and pushed the log and the keys off.
    @Test func aSmallScreenKeepsTheLogAndTheKeys() throws {
        let fixture = try NotesFixture(["a.md": "# A"], columns: 40, rows: 12)
        #expect(fixture.pilot.lines[11].hasPrefix(" Ctrl-E preview"), "\(fixture.pilot.lines)")
        #expect(fixture.pilot.lines[7].hasPrefix("╰"), "the panes end above the log")
    }

    /// Found by hand at 40×8: the editor's natural height kept the panes at 7 rows and pushed
    /// the log and the keys off the screen.
    @Test func aVeryShortScreenStillShowsTheKeys() throws {
        let fixture = try NotesFixture(["a.md": "# A\nmany\nlines\nof\ntext\nhere"], columns: 40, rows: 8)
        #expect(fixture.pilot.lines[7].hasPrefix(" Ctrl-E preview"), "\(fixture.pilot.lines)")
    }
}
