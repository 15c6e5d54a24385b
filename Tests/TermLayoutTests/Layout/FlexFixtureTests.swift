import Foundation
import Testing
@testable import TermLayout

/// Flex layouts checked against a browser: `scripts/flex-fixtures/generate.py` lays each
/// fixture out in headless Chromium and records every node's rectangle — in `flex.json` for
/// the named fixtures, in `flex-random.json` for 300 seeded random trees, in
/// `flex-percent.json` for 250 random trees four levels deep that size with percentages and
/// wrap (issue 28: a percentage of a definite size resolves, of an indefinite one it is
/// `auto`, and a flexed or stretched item's size is definite, as CSS says).
struct FlexFixtureTests {
    struct Fixture: Decodable, CustomTestStringConvertible, Sendable {
        var name: String
        var template: String
        var frames: [[Double]]
        var testDescription: String { name }
    }

    struct File: Decodable {
        var fixtures: [Fixture]
    }

    static func load(_ name: String) -> [Fixture] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name)
        guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data) else { return [] }
        return file.fixtures
    }

    static let fixtures = load("flex.json")
    static let randomTrees = load("flex-random.json")
    static let percentTrees = load("flex-percent.json")

    @Test func thereAreEnoughFixtures() {
        #expect(Self.fixtures.count >= 40)
        #expect(Self.randomTrees.count >= 300)
        #expect(Self.percentTrees.count >= 250)
    }

    @Test(arguments: fixtures)
    func agreesWithTheBrowser(_ fixture: Fixture) throws {
        try check(fixture)
    }

    @Test(arguments: randomTrees)
    func randomTreeAgreesWithTheBrowser(_ fixture: Fixture) throws {
        try check(fixture)
    }

    @Test(arguments: percentTrees)
    func percentTreeAgreesWithTheBrowser(_ fixture: Fixture) throws {
        try check(fixture)
    }

    private func check(_ fixture: Fixture) throws {
        let root = try makeNode(fixture.template)
        var frames: [Rect] = []
        var work = [root]
        while !work.isEmpty {
            let node = work.removeFirst()
            frames.append(try node.absoluteFrame())
            work.insert(contentsOf: node.children, at: 0)
        }
        #expect(frames.count == fixture.frames.count)
        for (index, (frame, expected)) in zip(frames, fixture.frames).enumerated() {
            let actual = [frame.x, frame.y, frame.width, frame.height]
            #expect(zip(actual, expected).allSatisfy { abs($0 - $1) < 0.01 },
                    "node \(index): \(actual.map(Value.format)) vs browser \(expected.map(Value.format))\n\(fixture.template)")
        }
    }
}
