import Foundation
import TermLayout

/// The Boxes templates: `Demos/Boxes/Templates` in a checkout (saving reloads live), the
/// bundled copy otherwise.
func boxesTemplates() -> TemplateFolder {
    TemplateFolder.automatic(bundled: Bundle.module.resourcePath.map { $0 + "/Templates" })
}

/// The text under the first column, as in Layout's sample (`strings.Lorem.Ipsum` there).
let boxesLorem = """
    Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et \
    dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip \
    ex ea commodo consequat.
    """

/// What `Boxes.xml` reads.
struct BoxesState: Codable {
    var isToggled = false
    var lorem = boxesLorem
}

/// Layout's Boxes sample: one flag, `isToggled`, flipped by the button's two actions, moves
/// every box through the template's expressions.
@MainActor
func makeBoxesApp(templates: TemplateFolder = boxesTemplates(), options: LayoutAppOptions = LayoutAppOptions()) -> LayoutApp<BoxesState> {
    let app = LayoutApp(template: templates.path("Boxes.xml"), state: BoxesState(), options: options)
    app.on("setToggled") { event in event.app.state.isToggled = true }
    app.on("setUntoggled") { event in event.app.state.isToggled = false }
    return app
}
