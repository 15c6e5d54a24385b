import Foundation
import Testing
@testable import TermLayout

/// Small templates that asked for unbounded work — an include diamond of styled labels, a
/// long macro used thousands of times, doubling macros used everywhere, a file of styled
/// runs — end in an error naming the limit and the place that crossed it. Each fixture is
/// generated here; the tests check the error, not the time.
struct LoadBudgetTests {
    @Test func anIncludeDiamondOfStyledLabelsStopsAtTheRunLimit() throws {
        // D0 includes D1 twice, D1 includes D2 twice, …, each with a label of 100 runs:
        // 2^17 labels, 13 million runs once expanded, from 17 small files.
        var files: [String: String] = [:]
        let runs = String(repeating: "<b>xy</b>", count: 100)
        for level in 0..<17 {
            let includes = level == 16 ? "" : "<View xml=\"D\(level + 1).xml\"/><View xml=\"D\(level + 1).xml\"/>"
            files[level == 0 ? "Main.xml" : "D\(level).xml"] = "<Column>\(includes)<Label>\(runs)</Label></Column>"
        }
        let fixture = try TemplateFixture(files)
        let summaries = fixture.summaries()
        #expect(summaries.count == 1)
        #expect(summaries.first?.hasSuffix("error: labels have more than \(TemplateLimits.maximumStyledRuns) styled runs (text pieces and <b>, <i>, <span> … elements), counting every include") == true)
        // Where the include that crossed it is written.
        #expect(summaries.first?.range(of: #"^D\d+\.xml:1:\d+: "#, options: .regularExpression) != nil)
    }

    @Test func oneLabelWithTooManyRunsIsAnError() throws {
        let count = TemplateLimits.maximumStyledRuns + 1
        let result = TemplateLoader().load(text: "<Label>" + String(repeating: "<b>x</b>", count: count) + "</Label>", path: "T.xml",
                                           directory: "/nonexistent")
        #expect(result.template == nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.message.hasPrefix("labels have more than \(TemplateLimits.maximumStyledRuns) styled runs"))
        // At the run that crossed the limit: the name of the last `<b>`, after `<Label>` and
        // as many runs of 8 bytes as the limit.
        #expect(error.location?.column == 7 + 8 * TemplateLimits.maximumStyledRuns + 2)
    }

    @Test func runsUpToTheLimitAreFine() throws {
        let node = try makeNode("<Label>" + String(repeating: "<b>x</b> ", count: 1_000) + "</Label>")
        #expect(try node.plainText().count == 1_999)
    }

    @Test func aFileWithMoreElementsThanAnyTemplateStopsWhileRead() {
        let count = MarkupReader.maximumElements + 1
        let result = TemplateLoader().load(text: "<Label>" + String(repeating: "<b/>", count: count - 1) + "</Label>", path: "T.xml",
                                           directory: "/nonexistent")
        #expect(result.errors.map(\.message) == ["the file has more than \(MarkupReader.maximumElements) elements"])
    }
}

/// The run-time side: one budget per evaluation pass, over every property of the tree.
struct EvaluationBudgetTests {
    /// A macro of 65,000 bytes used 2,000 times in one label: 130 MB, were it built.
    @Test func aLongMacroUsedThousandsOfTimesStopsAtTheTextLimit() throws {
        let long = "'" + String(repeating: "x", count: 65_000) + "'"
        let root = try makeNode("<Column><macro name=\"m\" value=\"\(long)\"/><Label text=\"\(String(repeating: "{m}", count: 2_000))\"/></Column>")
        let error = try #require(evaluationError(root.children[0], "text"))
        #expect(error.message == "more than \(TemplateLimits.maximumTextPerPass) bytes of text produced in one evaluation pass")
        #expect(error.suggestion != nil)
        // At the use that crossed it: the 259th `{m}` (258 × 65,000 bytes fit in 16 MiB).
        let prefix = "<Column><macro name=\"m\" value=\"\(long)\"/><Label text=\""
        #expect(error.location?.column == prefix.utf8.count + 258 * 3 + 2)
    }

    /// Doubling macros just under the per-property limit, used in 10,000 labels: 80 million
    /// expansions were the limit per use.
    @Test func doublingMacrosUsedEverywhereStopAtThePassLimit() throws {
        let macros = "<macro name=\"m0\" value=\"1\"/>" + (1...12).map { "<macro name=\"m\($0)\" value=\"m\($0 - 1) + m\($0 - 1)\"/>" }.joined()
        let root = try makeNode("<Column>\(macros)\(String(repeating: "<Label text=\"{m12}\"/>", count: 10_000))</Column>")
        let problems = root.evaluateAll()
        let message = "more than \(TemplateLimits.maximumMacroExpansionsPerPass) macro uses expanded in one evaluation pass"
        #expect(problems.map(\.message) == [message])
        // One use alone is fine.
        let single = try makeNode("<Column>\(macros)<Label text=\"{m12}\"/></Column>")
        #expect(try single.children[0].value(of: "text") == .string("4096"))
    }

    /// A doubling string macro: each use copies its text, so the text limit stops it early.
    @Test func doublingStringMacrosStopAtTheTextLimit() throws {
        let macros = "<macro name=\"s0\" value=\"'\(String(repeating: "y", count: 60_000))'\"/>"
            + (1...12).map { "<macro name=\"s\($0)\" value=\"s\($0 - 1) + s\($0 - 1)\"/>" }.joined()
        let root = try makeNode("<Column>\(macros)<Label text=\"{s12}\"/></Column>")
        #expect(evaluationError(root.children[0], "text")?.message == "more than \(TemplateLimits.maximumTextPerPass) bytes of text produced in one evaluation pass")
    }

    /// Each pass starts afresh: a label whose runs produce 6 MB (its runs are evaluated
    /// whenever it is read) is checked again and again, and rendered.
    @Test func eachPassStartsAfresh() throws {
        let long = "'" + String(repeating: "z", count: 60_000) + "'"
        let root = try makeNode("<Column><macro name=\"m\" value=\"\(long)\"/><Label>\(String(repeating: "<b>{m}</b>", count: 100))</Label></Column>")
        for _ in 0..<5 {
            #expect(root.evaluateAll().isEmpty)
        }
        let small = try makeNode("<Column><macro name=\"m\" value=\"\(long)\"/><Label>\(String(repeating: "<b>{m}</b>", count: 2))</Label></Column>")
        for _ in 0..<2 {
            #expect(try Renderer().render(small, columns: 20, rows: 5).columns == 20)
        }
    }
}

/// `termlayout port` on an element with many attributes: linear, not quadratic.
struct LayoutPortScaleTests {
    @Test func manyAttributesOnOneComposedElementPort() throws {
        let attributes = (0..<20_000).map { "p\($0)=\"\($0)\"" }.joined(separator: " ")
        let source = SourceText(path: "Big.xml", text: "<UIView xml=\"Part.xml\" \(attributes)/>")
        let result = try LayoutPort.port(source, directory: "/nonexistent")
        #expect(result.text.contains("p19999=\"19999\""))
    }
}
