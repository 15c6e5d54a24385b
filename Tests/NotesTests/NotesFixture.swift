import Foundation
import SystemPackage
import TermLayout
@testable import Notes

/// A Notes app on a headless screen, over a folder of its own.
@MainActor
final class NotesFixture {
    let folder: FilePath
    let app: LayoutApp<NotesState>
    let notes: NotesController
    let pilot: Pilot<NotesState>

    /// The demo's own templates, from the checkout.
    static let templates = TemplateFolder(path: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Demos/Notes/Templates").path)

    /// A folder holding `files` (relative path: text), and the app over it.
    init(_ files: [String: String], columns: Int = 80, rows: Int = 24) throws {
        folder = FilePath(NSTemporaryDirectory()).appending("notes-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        for (name, text) in files {
            let path = folder.pushing(FilePath(name))
            try FileManager.default.createDirectory(atPath: path.removingLastComponent().string, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path.string))
        }
        var options = LayoutAppOptions()
        options.watchesFiles = false
        (app, notes) = makeNotesApp(templates: Self.templates, folder: folder, options: options)
        pilot = Pilot(app, columns: columns, rows: rows)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder.string) }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: folder.pushing(FilePath(name)).string, encoding: .utf8)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.pushing(FilePath(name)).string))
    }

    /// The Log's lines.
    var logged: [String] { (try? app.outlet("log", as: LogWidget.self).lines) ?? [] }
}
