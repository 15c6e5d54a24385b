import Foundation
import TermLayout

/// The Gallery's templates: `Demos/Gallery/Templates` in a checkout (saving one reloads it
/// live), the bundled copy otherwise.
func galleryTemplates() -> TemplateFolder {
    TemplateFolder.automatic(bundled: Bundle.module.resourcePath.map { $0 + "/Templates" })
}

/// The fruits the Lists page shows: name, emoji, price.
let galleryFruits: [(String, String, String)] = [
    ("Apple", "🍎", "0.40"), ("Banana", "🍌", "0.25"), ("Cherries", "🍒", "3.10"), ("Kiwi", "🥝", "0.35"),
    ("Lemon", "🍋", "0.30"), ("Mango", "🥭", "1.20"), ("Melon", "🍈", "2.50"), ("Peach", "🍑", "0.60"),
    ("Pear", "🍐", "0.45"), ("Pineapple", "🍍", "2.20"), ("Grapes", "🍇", "2.80"), ("Strawberries", "🍓", "3.50"),
    ("Watermelon", "🍉", "4.00"), ("Coconut", "🥥", "1.90"), ("Tomato", "🍅", "0.20"), ("Avocado", "🥑", "1.10"),
]

/// An entry of the Tree page's small file system: a folder has `children` (maybe none).
struct GalleryFile: Codable, Equatable {
    var title: String
    var expanded: Bool?
    var children: [GalleryFile]?

    static func file(_ title: String) -> GalleryFile { GalleryFile(title: title) }
    static func folder(_ title: String, expanded: Bool? = nil, _ children: [GalleryFile]) -> GalleryFile {
        GalleryFile(title: title, expanded: expanded, children: children)
    }
}

/// The Tree page's files: Sources and TermLayout start open.
let galleryFiles: [GalleryFile] = [
    .folder("Sources", expanded: true, [
        .folder("TermLayout", expanded: true, [
            .folder("Widgets", [.file("TreeWidget.swift"), .file("ListWidget.swift"), .file("LogWidget.swift")]),
            .folder("Runtime", [.file("LayoutApp.swift"), .file("Pilot.swift")]),
            .file("Value.swift"),
        ]),
        .folder("Demos", [.folder("Gallery", [.file("main.swift")]), .folder("Todo", [])]),
    ]),
    .folder("docs", [.file("ARCHITECTURE.md"), .file("日本語のガイド.md")]),
    .file("Package.swift"), .file("README.md"),
]

/// A row of the Table page: a city, its country, population and area.
struct GalleryMetro: Codable, Equatable {
    var name: String
    var country: String
    var population: Int
    var area: Int
}

/// The Table page's cities.
let galleryMetros: [GalleryMetro] = [
    GalleryMetro(name: "東京 Tokyo", country: "日本", population: 37_115_035, area: 8_231),
    GalleryMetro(name: "Delhi", country: "India", population: 33_807_403, area: 2_344),
    GalleryMetro(name: "上海 Shanghai", country: "中国", population: 29_867_918, area: 4_333),
    GalleryMetro(name: "São Paulo", country: "Brasil", population: 22_806_704, area: 7_947),
    GalleryMetro(name: "Ciudad de México", country: "México", population: 22_505_315, area: 7_866),
    GalleryMetro(name: "Cairo", country: "Egypt", population: 22_183_201, area: 3_085),
    GalleryMetro(name: "서울 Seoul", country: "대한민국", population: 9_975_709, area: 605),
    GalleryMetro(name: "Lagos", country: "Nigeria", population: 16_536_018, area: 1_171),
    GalleryMetro(name: "Paris", country: "France", population: 11_276_701, area: 2_853),
    GalleryMetro(name: "Zürich", country: "Schweiz", population: 1_434_000, area: 1_729),
]

/// What the Gallery's templates read, as it starts.
struct GalleryState: Codable, Equatable {
    /// A row of the Lists page.
    struct Fruit: Codable, Equatable {
        var name: String
        var emoji: String
        var price: String
    }

    var tab = 0
    var lastAction = "none yet"
    // Text & input
    var name = ""
    var password = ""
    var notify = true
    var dark = false
    var presses = 0
    // Lists
    var fruits = galleryFruits.map { Fruit(name: $0.0, emoji: $0.1, price: $0.2) }
    var selected = 0
    var opened = "nothing"
    // Layout
    var share = 40
    // Dialogs
    var dialogOpen = false
    var dialogText = ""
    var answer = "none"
    var progress = 0.3
    var spinning = true
    // Choices & log
    var sizes = ["Small", "Medium", "Large"]
    var size = 1
    var theme = 0
    var cities = ["Amsterdam", "Berlin", "Kraków", "Lisbon", "Montréal", "Reykjavík", "São Paulo", "서울 Seoul", "東京 Tokyo", "Zürich"]
    var city = -1
    // Tree
    var files = galleryFiles
    var filePath: [Int] = []
    var fileSelected = "Sources"
    var fileOpened = "nothing"
    // Table
    var metros = galleryMetros
    var metro = 0
    var metroSelected = "東京 Tokyo"
    var metroOpened = "nothing"
    // Editor
    var note = galleryNote
    var noteWrap = true
}

/// The Editor page's Markdown, as it starts.
let galleryNote = """
    # Notes

    Some *emphasis*, **strong** text and `code`.
    - a list item
    - 日本語のメモ 👍

    ```swift
    let x = 1 // # not a heading
    ```
    > a quote with a [link](https://example.com)
    """

/// The Gallery's pages (the Tabs' children): ←/→ stop at the first and last.
let galleryPageCount = 8

/// The Gallery: every widget on the pages of a Tabs, every action a closure that records
/// itself in the "last action" label and appends it to the Log on the last page.
@MainActor
func makeGalleryApp(templates: TemplateFolder = galleryTemplates(), options: LayoutAppOptions = LayoutAppOptions()) -> LayoutApp<GalleryState> {
    let app = LayoutApp(template: templates.path("Gallery.xml"), state: GalleryState(), options: options)
    let events = app.outlet("events", as: LogWidget.self)

    /// Binds `action` to `change`, then shows `note` (from the state after it) as the last
    /// action, and appends it to the log.
    func on(_ action: String, _ change: @escaping (inout GalleryState, ActionEvent<GalleryState>) -> Void = { _, _ in },
            note: @escaping (GalleryState) -> String = { _ in "" }) {
        app.on(action) { event in
            event.app.update { state in
                change(&state, event)
                let text = note(state)
                state.lastAction = text.isEmpty ? action : text
            }
            try events.append(event.app.state.lastAction)
        }
    }

    // Tabs: ←/→ from anywhere a widget does not use them.
    on("changeTab", note: { "changeTab → page \($0.tab)" })
    for (key, step) in [(InputEvent.left, -1), (.right, 1)] {
        app.bind(key) { app in
            app.update { state in
                state.tab = min(max(state.tab + step, 0), galleryPageCount - 1)
                state.lastAction = "changeTab → page \(state.tab)"
            }
            try events.append(app.state.lastAction)
        }
    }

    // Text & input
    on("typed", note: { "typed (\($0.name.count) characters)" })
    on("submitName", note: { "submitName: \($0.name)" })
    on("typedPassword")
    on("toggleNotify", note: { "toggleNotify → \($0.notify)" })
    on("toggleDark", note: { "toggleDark → \($0.dark)" })
    on("pressButton", { state, _ in state.presses += 1 }, note: { "pressButton #\($0.presses)" })

    // Lists
    app.on("selectFruit") { event in
        let row = event.row
        if event.trigger == .enter, let row, let fruit = try? row.item.decode(as: GalleryState.Fruit.self) {
            event.app.state.opened = fruit.name
        }
        event.app.state.lastAction = "selectFruit → row \(row?.index ?? event.app.state.selected)"
        try events.append(event.app.state.lastAction)
    }

    // Layout
    on("narrower", { state, _ in state.share = max(20, state.share - 10) }, note: { "narrower → \($0.share)%" })
    on("wider", { state, _ in state.share = min(100, state.share + 10) }, note: { "wider → \($0.share)%" })

    // Dialogs
    on("openDialog", { state, _ in
        state.dialogOpen = true
        state.dialogText = ""
    })
    on("acceptDialog", { state, _ in
        state.dialogOpen = false
        state.answer = state.dialogText.isEmpty ? "OK" : state.dialogText
    }, note: { "acceptDialog: \($0.answer)" })
    on("cancelDialog", { state, _ in
        state.dialogOpen = false
        state.answer = "cancelled"
    })
    on("dismissDialog", { state, _ in state.answer = "dismissed" })
    on("lessProgress", { state, _ in state.progress = max(0, (state.progress * 10 - 1).rounded() / 10) },
       note: { "lessProgress → \(Int(($0.progress * 100).rounded()))%" })
    on("moreProgress", { state, _ in state.progress = min(1, (state.progress * 10 + 1).rounded() / 10) },
       note: { "moreProgress → \(Int(($0.progress * 100).rounded()))%" })
    on("toggleSpinner", note: { "toggleSpinner → \($0.spinning)" })

    // Choices & log
    on("chooseSize", note: { "chooseSize → \($0.sizes[min(max($0.size, 0), $0.sizes.count - 1)])" })
    on("chooseTheme", note: { "chooseTheme → \($0.theme)" })
    on("chooseCity", note: { "chooseCity → \($0.cities.indices.contains($0.city) ? $0.cities[$0.city] : "none")" })
    app.on("clearLog") { event in
        try events.clear()
        event.app.state.lastAction = "clearLog"
    }

    // Tree: the handlers read the item from the event.
    let title = { (event: ActionEvent<GalleryState>) in
        event.treeItem.map { $0.item.objectValue?["title"]?.stringValue ?? $0.item.interpolationText } ?? "nothing"
    }
    on("selectFile", { state, event in state.fileSelected = title(event) },
       note: { "selectFile → \($0.filePath.map(String.init).joined(separator: "."))" })
    on("openFile", { state, event in state.fileOpened = title(event) }, note: { "openFile: \($0.fileOpened)" })

    // Table: the handlers read the row from the event.
    let city = { (event: ActionEvent<GalleryState>) in event.row?.item.objectValue?["name"]?.stringValue ?? "nothing" }
    on("selectMetro", { state, event in state.metroSelected = city(event) }, note: { "selectMetro → row \($0.metro)" })
    on("openMetro", { state, event in state.metroOpened = city(event) }, note: { "openMetro: \($0.metroOpened)" })
    // Editor
    on("editNote", note: { "editNote (\($0.note.count) characters)" })
    on("toggleWrap", note: { "toggleWrap → \($0.noteWrap)" })
    return app
}
