/// UIKit's named colours that the ANSI palette has no name for, so that a Layout template's
/// `clear`, `orange` or `darkGray` means a colour here too.
///
/// UIKit's own names that match a palette colour (`black`, `red`, `gray` …) stay palette
/// colours, following the terminal's theme. These are UIKit's exact values (a terminal
/// without true colour shows the nearest it has); `clear` is fully transparent.
enum UIKitColors {
    /// The names, as UIKit spells them (`UIColor.darkGray` is `darkGray`).
    static let names = ["clear", "darkGray", "lightGray", "orange", "purple", "brown"]

    /// The UIKit colour called `name`, if it is one of ``names``. Every identifier that
    /// could be a constant comes here: a few comparisons, no hashing.
    static func color(named name: String) -> Color? {
        switch name {
        case "clear": .rgba(red: 0, green: 0, blue: 0, alpha: 0)
        case "darkGray": .rgb(85, 85, 85)
        case "lightGray": .rgb(170, 170, 170)
        case "orange": .rgb(255, 128, 0)
        case "purple": .rgb(128, 0, 128)
        case "brown": .rgb(153, 102, 51)
        default: nil
        }
    }
}
