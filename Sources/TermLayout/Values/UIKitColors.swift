/// UIKit's named colours that the ANSI palette has no name for, so that a Layout template's
/// `clear`, `orange` or `darkGray` means a colour here too.
///
/// UIKit's own names that match a palette colour (`black`, `red`, `gray` …) stay palette
/// colours, following the terminal's theme. These are UIKit's exact values (a terminal
/// without true colour shows the nearest it has); `clear` is fully transparent.
enum UIKitColors {
    /// The colours by UIKit's names (`UIColor.darkGray` is `darkGray`).
    static let byName: [String: Color] = [
        "clear": .rgba(red: 0, green: 0, blue: 0, alpha: 0),
        "darkGray": .rgb(85, 85, 85),
        "lightGray": .rgb(170, 170, 170),
        "orange": .rgb(255, 128, 0),
        "purple": .rgb(128, 0, 128),
        "brown": .rgb(153, 102, 51),
    ]

    /// The UIKit colour called `name`, if it is one of ``byName``.
    static func color(named name: String) -> Color? { byName[name] }
}
