import Foundation
import Testing
@testable import TermLayout

/// Small inputs that would make unbounded work: each ends in a clear error, fast.
struct TemplateLimitTests {
    @Test func anIncludeDiamondStopsAtTheElementLimit() throws {
        // F0 includes F1 ten times, F1 includes F2 ten times, … : 10^8 elements once expanded.
        var files: [String: String] = [:]
        for level in 0..<8 {
            let children = String(repeating: "<View xml=\"F\(level + 1).xml\"/>", count: 10)
            files["F\(level).xml"] = "<Column>\(children)</Column>"
        }
        files["F8.xml"] = "<Label text=\"leaf\"/>"
        let fixture = try TemplateFixture(files)
        let result = fixture.load("F0.xml")
        #expect(result.template == nil)
        #expect(result.errors.map(\.message) == ["the template has more than \(TemplateLimits.maximumElementCount) elements, counting every include"])
    }

    @Test func aFileIncludedOftenIsConvertedOnce() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Column>" + String(repeating: "<View xml=\"Part.xml\"/>", count: 50) + "</Column>",
                                           "Part.xml": "<Row><Label text=\"a\"/><Label text=\"b\"/></Row>"])
        let template = try fixture.load().get()
        #expect(template.root.children.count == 50)
        #expect(template.root.children.allSatisfy { $0.children.count == 2 })
        // Its problems are reported once, not once per include.
        try fixture.write("Part.xml", "<Row><Label text=\"{1 +}\"/></Row>")
        #expect(fixture.summaries().count == 1)
    }

    @Test func deepNestingAcrossIncludedFilesIsAnError() throws {
        // Eight files, each 255 levels deep, each including the next at its deepest point.
        var files: [String: String] = [:]
        for index in 0..<8 {
            let inner = index == 7 ? "<Label/>" : "<View xml=\"N\(index + 1).xml\"/>"
            files["N\(index).xml"] = String(repeating: "<Column>", count: 254) + inner + String(repeating: "</Column>", count: 254)
        }
        let fixture = try TemplateFixture(files)
        let result = fixture.load("N0.xml")
        #expect(result.errors.map(\.message) == ["elements are nested too deeply (more than \(TemplateLimits.maximumNestingDepth) levels, counting included files)"])
    }

    @Test func longIncludeChainsAreAnError() throws {
        var files: [String: String] = [:]
        for index in 0..<100 { files["C\(index).xml"] = "<View xml=\"C\(index + 1).xml\"/>" }
        files["C100.xml"] = "<Label/>"
        let fixture = try TemplateFixture(files)
        let messages = fixture.load("C0.xml").errors.map(\.message)
        #expect(messages == ["includes are nested too deeply (more than \(TemplateLimits.maximumIncludeDepth) files)"])
    }

    @Test func oversizedFilesAreRefused() throws {
        let fixture = try TemplateFixture(["Main.xml": "<View xml=\"Big.xml\"/>",
                                           "Big.xml": "<View>" + String(repeating: " ", count: TemplateLimits.maximumFileSize) + "</View>"])
        #expect(fixture.load().errors.map(\.message) == ["'Big.xml' is larger than \(TemplateLimits.maximumFileSize) bytes"])
    }
}

/// Macros that expand exponentially or nest thousands deep end in an error, not a hang or a crash.
struct MacroLimitTests {
    @Test func doublingMacrosHitTheExpansionLimit() throws {
        let macros = (1...25).map { "<macro name=\"m\($0)\" value=\"m\($0 - 1) + m\($0 - 1)\"/>" }.joined()
        let root = try makeNode("<View><macro name=\"m0\" value=\"1\"/>\(macros)<Label text=\"{m25}\"/></View>")
        #expect(evaluationError(root.children[0], "text")?.message == "macro 'm25' expands more than \(TemplateLimits.maximumMacroExpansions) macros")
        // A few doublings are fine.
        let small = try makeNode("<View><macro name=\"m0\" value=\"1\"/>\(macros)<Label text=\"{m10}\"/></View>")
        #expect(try small.children[0].value(of: "text") == .string("1024"))
    }

    @Test func aLongMacroChainIsAnErrorNotAStackOverflow() throws {
        let macros = (1...4_000).map { "<macro name=\"m\($0)\" value=\"m\($0 - 1) + 1\"/>" }.joined()
        let root = try makeNode("<View><macro name=\"m0\" value=\"0\"/>\(macros)<Label text=\"{m4000}\"/><Label text=\"{m20}\"/></View>")
        #expect(evaluationError(root.children[0], "text")?.message == "macros nest too deeply (more than \(TemplateLimits.maximumMacroDepth) levels): m4000 → m3999 → m3998 → …")
        #expect(try root.children[1].value(of: "text") == .string("20"))
    }
}

/// printf-style formats in strings files cannot ask for gigabytes.
struct FormatLimitTests {
    @Test func hugePrecisionIsAnError() {
        #expect(StringsTable.format("%.999999999f", [.number(1)]) == .failure(.precisionTooLarge("%.999999999f")))
        #expect(StringsTable.format("%.99999999999999999999999f", [.number(1)]) == .failure(.precisionTooLarge("%.99999999999999999999999f")))
        #expect(StringsTable.format("%.2f", [.number(1)]) == .success("1.00"))
        #expect(StringsTable.format("%.\(StringsTable.maximumPrecision)f", [.number(1)]).map(\.count) == .success(2 + StringsTable.maximumPrecision))
    }

    @Test func hugeWidthIsAnError() {
        #expect(StringsTable.format("%999999999d", [.number(1)]) == .failure(.widthTooLarge("%999999999d")))
        #expect(StringsTable.format("%99999999999999999999999@", [.number(1)]) == .failure(.widthTooLarge("%99999999999999999999999@")))
        #expect(StringsTable.format("%\(StringsTable.maximumWidth)d", [.number(1)]).map(\.count) == .success(StringsTable.maximumWidth))
    }

    @Test func aStringsFileWithHugePrecisionReportsIt() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Label text=\"{strings.Pi(3.14)}\"/>", "Localizable.strings": "\"Pi\" = \"%.999999999f\";"])
        // Found when the template loads (`check` reports it without state).
        #expect(fixture.summaries().map { $0.replacingOccurrences(of: fixture.directory + "/", with: "") }
                == ["Main.xml:1:15: error: string 'Pi' asks for too many digits in '%.999999999f' (at most \(StringsTable.maximumPrecision))"])
    }
}

/// The diagnostic evaluating `property` of `node` throws, or `nil` if it succeeds.
func evaluationError(_ node: LayoutNode, _ property: String) -> Diagnostic? {
    do throws(Diagnostic) {
        _ = try node.value(of: property)
        return nil
    } catch {
        return error
    }
}
