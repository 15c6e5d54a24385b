import Foundation
import Testing
@testable import TermLayout

/// Flex layouts checked against a browser: `scripts/flex-fixtures/generate.py` lays each
/// fixture out in headless Chromium and records every node's rectangle in `flex.json`.
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

    static let fixtures: [Fixture] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/flex.json")
        guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data) else { return [] }
        return file.fixtures
    }()

    @Test func thereAreAtLeastThirtyFixtures() {
        #expect(Self.fixtures.count >= 30)
    }

    @Test(arguments: fixtures)
    func agreesWithTheBrowser(_ fixture: Fixture) throws {
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
