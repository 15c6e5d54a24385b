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

/// Layout's Boxes sample: one flag, `isToggled`, flipped by the button's two actions, moves
/// every box through the template's expressions.
func makeBoxesApp(templates: TemplateFolder = boxesTemplates(), options: LayoutApp.Options = LayoutApp.Options()) -> LayoutApp {
    let app = LayoutApp(template: templates.path("Boxes.xml"), state: ["isToggled": false, "lorem": .string(boxesLorem)],
                        options: options)
    app.on("setToggled") { event in try event.app.setState(["isToggled": true]) }
    app.on("setUntoggled") { event in try event.app.setState(["isToggled": false]) }
    return app
}
