import Foundation
import SystemPackage
import TermLayout

/// What `Notes.xml` reads: the Tree of notes and its selection, the sort order, the note
/// open (its name and text), whether the Markdown preview shows, and a warning line.
struct NotesState: Codable, Equatable {
    var notes: [Value] = []
    var picked: [Int] = []
    var sortOptions = ["Name", "Last changed"]
    var sort = 0
    var noteName = ""
    var body = ""
    var preview = false
    var locked = false
    var warning = ""
    var folder = ""
}

/// The Notes app: a Tree of the notes in a folder, a TextArea with Markdown highlighting, a
/// Markdown preview (Ctrl-E), a Select for the order, a Log of what was saved, and the
/// command palette. What is typed is saved half a second after the last key, when another
/// note opens, and on quitting — atomically, and never over a change another program made.
@MainActor
final class NotesController {
    let folder: NotesFolder
    private(set) var entries: [NotesFolder.Entry] = []
    private(set) var note: OpenNote?
    private var pendingSave: AppTimer?
    /// Whether the open note's conflict with a change on disk was said (said once; nothing is
    /// written until the user chooses).
    private var conflictFlagged = false
    /// How long after the last edit the note is saved.
    static let saveDelay = Duration.milliseconds(500)

    init(folder: FilePath) {
        self.folder = NotesFolder(root: folder)
    }

    /// Reads the folder again and shows it, keeping the open note selected.
    func rescan(_ app: LayoutApp<NotesState>) {
        let order: NotesFolder.Order = app.state.sort == 1 ? .modified : .name
        entries = folder.scan(order: order)
        let items = folder.items(entries)
        let picked = note.flatMap { folder.indexPath(of: $0.path, in: entries) } ?? app.state.picked
        app.update { state in
            state.notes = items
            state.picked = picked
        }
    }

    /// Opens the note at `path`, saving the one open first (a note that cannot be saved stays open).
    func open(_ path: FilePath, in app: LayoutApp<NotesState>) {
        guard path != note?.path else { return }
        guard saveNow(app) else {
            // The note open has unsaved text that cannot be written: it stays open and selected.
            if let current = note, let picked = folder.indexPath(of: current.path, in: entries) { app.state.picked = picked }
            return
        }
        do {
            let opened = try OpenNote.open(path)
            note = opened
            conflictFlagged = false
            app.update { state in
                state.noteName = folder.relative(path)
                state.body = opened.savedText
                state.locked = opened.readOnly
                state.warning = opened.readOnlyReason ?? ""
                state.picked = folder.indexPath(of: path, in: entries) ?? state.picked
            }
        } catch {
            log(error.description, in: app)
        }
    }

    /// The text was edited: save it once the keys stop.
    func edited(_ app: LayoutApp<NotesState>) {
        pendingSave?.cancel()
        pendingSave = app.after(Self.saveDelay) { [weak self] app in self?.saveNow(app) }
    }

    /// Saves the open note if it changed. Returns whether nothing is left unsaved.
    @discardableResult
    func saveNow(_ app: LayoutApp<NotesState>, overwriting: Bool = false) -> Bool {
        pendingSave?.cancel()
        pendingSave = nil
        guard var current = note else { return true }
        let text = app.state.body
        guard current.isModified(text) || overwriting, !current.readOnly else { return true }
        guard !conflictFlagged || overwriting else { return false }
        do {
            try current.save(text, overwriting: overwriting)
            note = current
            conflictFlagged = false
            app.state.warning = ""
            log("saved \(folder.relative(current.path)) (\(text.utf8.count) bytes)", in: app)
            return true
        } catch {
            conflictFlagged = error.changedOnDisk
            app.state.warning = error.description
            log(error.description, in: app)
            return false
        }
    }

    /// On quitting: what could not be saved to the note goes to a copy beside it. Returns
    /// what to tell the user, or `nil` when all is saved.
    func saveOrKeepCopy(_ app: LayoutApp<NotesState>) -> String? {
        guard !saveNow(app), let current = note else { return nil }
        do {
            let copy = try current.saveCopy(app.state.body)
            return "\(folder.relative(current.path)) was not saved (\(app.state.warning)); your text is in \(copy)"
        } catch {
            return "\(folder.relative(current.path)) was not saved, nor a copy of it: \(error.description)"
        }
    }

    /// Every second: a note another program changed is read again when nothing here is
    /// unsaved; otherwise the conflict is said, and nothing is written until the user chooses.
    func checkDisk(_ app: LayoutApp<NotesState>) {
        guard let current = note, !conflictFlagged, current.changedOnDisk else { return }
        if current.isModified(app.state.body) {
            conflictFlagged = true
            app.state.warning = "\(folder.relative(current.path)) changed on disk: Ctrl-P, then keep yours or take the one on disk"
            log(app.state.warning, in: app)
        } else {
            reloadFromDisk(app)
        }
    }

    /// Drops the text here for what is on disk.
    func reloadFromDisk(_ app: LayoutApp<NotesState>) {
        guard let path = note?.path else { return }
        pendingSave?.cancel()
        conflictFlagged = false
        note = nil
        if FileFingerprint(of: path) == nil {
            app.update { $0.body = ""; $0.noteName = ""; $0.warning = "" }
            log("\(folder.relative(path)) was removed", in: app)
            rescan(app)
            return
        }
        open(path, in: app)
        log("read \(folder.relative(path)) again: another program changed it", in: app)
    }

    /// Makes a new note in the folder of the selected one (or the root), and opens it.
    func newNote(_ app: LayoutApp<NotesState>) {
        var parent = folder.root
        if let selected = folder.entry(at: app.state.picked, in: entries) {
            parent = selected.children != nil ? selected.path : selected.path.removingLastComponent()
        }
        for number in 1...999 {
            let path = parent.appending(number == 1 ? "Untitled.md" : "Untitled \(number).md")
            guard FileFingerprint(of: path) == nil else { continue }
            do {
                note = try OpenNote.create(path)
                log("made \(folder.relative(path))", in: app)
                rescan(app)
                note = nil
                open(path, in: app)
                // A new note is for writing: the editor shows and takes focus.
                if app.state.preview { togglePreview(app) } else { try? app.outlet("editor", as: TextAreaWidget.self).focus() }
                return
            } catch {
                log(error.description, in: app)
                return
            }
        }
    }

    /// Shows the preview instead of the editor, or back; the one shown takes focus (the
    /// preview so that the arrows scroll it, the editor so that typing goes on).
    func togglePreview(_ app: LayoutApp<NotesState>) {
        saveNow(app)
        app.state.preview.toggle()
        if app.state.preview {
            try? app.outlet("preview", as: MarkdownWidget.self).focus()
        } else {
            try? app.outlet("editor", as: TextAreaWidget.self).focus()
        }
    }

    func log(_ line: String, in app: LayoutApp<NotesState>) {
        try? app.log(line, to: "log")
    }
}

/// Builds the app on `Notes.xml` in `templates`, for the folder `folder` (made if missing).
@MainActor
func makeNotesApp(templates: TemplateFolder, folder: FilePath, options: LayoutAppOptions = LayoutAppOptions())
    -> (LayoutApp<NotesState>, NotesController) {
    let controller = NotesController(folder: folder)
    var state = NotesState()
    state.folder = folder.lastComponent?.string ?? folder.string
    let app = LayoutApp(template: templates.path("Notes.xml"), state: state, options: options)

    app.on("opened") { event in
        guard let picked = event.treeItem, let entry = controller.folder.entry(at: picked.path, in: controller.entries),
              entry.children == nil else { return }
        controller.open(entry.path, in: event.app)
    }
    app.on("edited") { event in controller.edited(event.app) }
    app.on("sorted") { event in controller.rescan(event.app) }
    app.bind(InputEvent.control("e")) { app in controller.togglePreview(app) }
    app.bind(InputEvent.control("n")) { app in controller.newNote(app) }
    app.bind(InputEvent.control("s")) { app in controller.saveNow(app) }
    app.command("Toggle the Markdown preview", detail: "Ctrl-E") { app in controller.togglePreview(app) }
    app.command("New note", detail: "Ctrl-N") { app in controller.newNote(app) }
    app.command("Save now", detail: "Ctrl-S") { app in controller.saveNow(app) }
    app.command("Keep my version (overwrite the file on disk)") { app in controller.saveNow(app, overwriting: true) }
    app.command("Take the version on disk (drop my changes)") { app in controller.reloadFromDisk(app) }
    app.command("Read the folder again") { app in controller.rescan(app) }
    app.every(.seconds(1)) { app in
        controller.checkDisk(app)
    }
    controller.rescan(app)
    // The first note that opens (one that is a device, or too large, is passed over).
    for entry in controller.folder.notes(in: controller.entries) where controller.note == nil {
        controller.open(entry.path, in: app)
    }
    return (app, controller)
}
