import Testing
@testable import TermLayout

/// UIKit's colour names mean colours, as in Layout, which reads `UIColor`'s class
/// properties by name (LayoutTests/ColorExpressionTests.swift:11 `testRed` reads `red`).
struct UIKitColorTests {
    @Test func uikitNamesAreColours() throws {
        #expect(try evaluate("clear") == .color(.rgba(red: 0, green: 0, blue: 0, alpha: 0)))
        #expect(try evaluate("darkGray") == .color(.rgb(85, 85, 85)))
        #expect(try evaluate("lightGray") == .color(.rgb(170, 170, 170)))
        #expect(try evaluate("orange") == .color(.rgb(255, 128, 0)))
        #expect(try evaluate("purple") == .color(.rgb(128, 0, 128)))
        #expect(try evaluate("brown") == .color(.rgb(153, 102, 51)))
    }

    @Test func namesThePaletteHasKeepTheirMeaning() throws {
        // UIKit's gray (50% white) is the palette's gray, which follows the terminal's theme.
        for (name, color) in [("gray", PaletteColor.gray), ("black", .black), ("red", .red), ("cyan", .cyan),
                              ("white", .white), ("blue", .blue), ("brightBlue", .brightBlue)] {
            #expect(try evaluate(name) == .color(.palette(color)))
        }
        #expect(try evaluate("pi") == .number(Double.pi))
        #expect(try evaluate("default") == .color(.default))
    }

    @Test func stateCanStillBeNamedSoInBackticks() throws {
        #expect(try evaluate("`orange` + 1", state: ["orange": 1]) == .number(2))
    }

    @Test func aClearBackgroundShowsWhatIsBehind() throws {
        let root = try makeNode("<View background=\"blue\"><Label text=\"hi\" background=\"clear\"/></View>")
        #expect(try root.children[0].value(of: "background") == .color(.rgba(red: 0, green: 0, blue: 0, alpha: 0)))
    }
}

/// Every UIKit name is a reserved constant, and none is reserved twice.
struct UIKitColorNameTests {
    @Test func everyNameIsAConstant() {
        for name in UIKitColors.names {
            #expect(Builtins.couldBeConstant(first: name.utf8.first ?? 0, length: name.utf8.count), "\(name)")
            #expect(Builtins.constant(named: name) == UIKitColors.color(named: name).map(Value.color), "\(name)")
            #expect(Builtins.constantNames.contains(name))
        }
        #expect(Set(Builtins.constantNames).count == Builtins.constantNames.count)
        #expect(Builtins.constant(named: "count") == nil && Builtins.constant(named: "label") == nil)
    }
}
