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

/// The Gallery's state when it starts.
func galleryState() -> [String: Value] {
    [
        "tab": 0, "lastAction": "none yet",
        "name": "", "password": "", "notify": true, "dark": false, "presses": 0,
        "fruits": .array(galleryFruits.map { .object(["name": .string($0.0), "emoji": .string($0.1), "price": .string($0.2)]) }),
        "selected": 0, "opened": "nothing",
        "share": 40,
        "dialogOpen": false, "dialogText": "", "answer": "none",
        "progress": 0.3, "spinning": true,
    ]
}

/// The Gallery: every widget on the pages of a Tabs, every action a closure that records
/// itself in the "last action" label.
func makeGalleryApp(templates: TemplateFolder = galleryTemplates(), options: LayoutApp.Options = LayoutApp.Options()) -> LayoutApp {
    let app = LayoutApp(template: templates.path("Gallery.xml"), state: galleryState(), options: options)

    /// Binds `action` to `body`, then shows `note` (from the state after `body`) as the last action.
    func on(_ action: String, _ body: @escaping (ActionEvent) throws -> Void = { _ in },
            note: @escaping (ActionEvent) -> String = { $0.name }) {
        app.on(action) { event in
            try body(event)
            try event.app.setState(["lastAction": .string(note(event))])
        }
    }
    func number(_ key: String) -> Double { app.state[key]?.numberValue ?? 0 }
    func text(_ key: String) -> String { app.state[key]?.stringValue ?? "" }
    func bool(_ key: String) -> Bool { app.state[key] == .bool(true) }

    // Tabs: ←/→ from anywhere a widget does not use them.
    on("changeTab", note: { _ in "changeTab → page \(Int(number("tab")))" })
    for (key, step) in [(InputEvent.left, -1.0), (.right, 1.0)] {
        app.bind(key) { app in
            let page = min(max(number("tab") + step, 0), 3)
            try app.setState(["tab": .number(page), "lastAction": .string("changeTab → page \(Int(page))")])
        }
    }

    // Text & input
    on("typed", note: { _ in "typed (\(text("name").count) characters)" })
    on("submitName", note: { _ in "submitName: \(text("name"))" })
    on("typedPassword", note: { _ in "typedPassword" })
    on("toggleNotify", note: { _ in "toggleNotify → \(bool("notify"))" })
    on("toggleDark", note: { _ in "toggleDark → \(bool("dark"))" })
    on("pressButton", { event in try event.app.setState(["presses": .number(number("presses") + 1)]) },
       note: { _ in "pressButton #\(Int(number("presses")))" })

    // Lists
    on("selectFruit", { event in
        if event.trigger == .enter, let name = event.row?.item.objectValue?["name"]?.stringValue {
            try event.app.setState(["opened": .string(name)])
        }
    }, note: { event in "selectFruit → row \(event.row?.index ?? Int(number("selected")))" })

    // Layout
    on("narrower", { event in try event.app.setState(["share": .number(max(20, number("share") - 10))]) },
       note: { _ in "narrower → \(Int(number("share")))%" })
    on("wider", { event in try event.app.setState(["share": .number(min(100, number("share") + 10))]) },
       note: { _ in "wider → \(Int(number("share")))%" })

    // Dialogs
    on("openDialog", { event in try event.app.setState(["dialogOpen": true, "dialogText": ""]) })
    on("acceptDialog", { event in
        let typed = text("dialogText")
        try event.app.setState(["dialogOpen": false, "answer": .string(typed.isEmpty ? "OK" : typed)])
    }, note: { _ in "acceptDialog: \(text("answer"))" })
    on("cancelDialog", { event in try event.app.setState(["dialogOpen": false, "answer": "cancelled"]) })
    on("dismissDialog", { event in try event.app.setState(["answer": "dismissed"]) })
    on("lessProgress", { event in try event.app.setState(["progress": .number(max(0, (number("progress") * 10 - 1).rounded() / 10))]) },
       note: { _ in "lessProgress → \(Int((number("progress") * 100).rounded()))%" })
    on("moreProgress", { event in try event.app.setState(["progress": .number(min(1, (number("progress") * 10 + 1).rounded() / 10))]) },
       note: { _ in "moreProgress → \(Int((number("progress") * 100).rounded()))%" })
    on("toggleSpinner", note: { _ in "toggleSpinner → \(bool("spinning"))" })
    return app
}
