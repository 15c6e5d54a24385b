import Foundation
import Testing
@testable import TermLayout

struct ValueTests {
    static let displayForms: [(Value, String)] = [
        (Value.number(42.5), "42.5"), (.number(3), "3"), (.number(-0.25), "-0.25"), (.number(1e20), "1e+20"),
        (.number(0.1 + 0.2), "0.30000000000000004"), (.number(123_456_789_012), "123456789012"), (.bool(true), "true"),
        (.bool(false), "false"), (.string("raw text"), "raw text"), (.null, "nil"),
        (.color(.rgb(255, 0, 0)), "#ff0000ff"), (.color(.rgba(red: 1, green: 2, blue: 3, alpha: 4)), "#01020304"),
        (.color(.palette(.red)), "#cd0000ff"), (.color(.default), "default"),
        (.array([1, "a", nil, true]), "[1,\"a\",null,true]"), (.object(["b": 2, "a": [1.5]]), "{\"a\":[1.5],\"b\":2}"),
        (.array(["quote\"\n\u{1}"]), "[\"quote\\\"\\n\\u0001\"]"),
    ]

    @Test(arguments: displayForms)
    func printsInItsDisplayForm(_ value: Value, _ expected: String) {
        #expect(value.description == expected)
    }

    @Test func nilInterpolatesAsNothing() {
        #expect(Value.null.interpolationText == "")
        #expect(Value.number(2).interpolationText == "2")
    }

    @Test func literalsBuildValues() {
        let value: Value = ["n": 1, "d": 2.5, "b": true, "s": "x", "a": [1, 2], "z": nil]
        #expect(value.objectValue?["n"] == .number(1))
        #expect(value.objectValue?["d"]?.numberValue == 2.5)
        #expect(value.objectValue?["b"]?.boolValue == true)
        #expect(value.objectValue?["s"]?.stringValue == "x")
        #expect(value.objectValue?["a"]?.arrayValue == [1, 2])
        #expect(value.objectValue?["z"]?.isNil == true)
        #expect(value.type == .object)
    }

    @Test func decodesFromJSON() throws {
        let json = #"{"name": "Ada", "age": 36, "admin": false, "tags": ["a", 1.5], "boss": null, "nested": {"x": 1}}"#
        let value = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        #expect(value == ["name": "Ada", "age": 36, "admin": false, "tags": ["a", 1.5], "boss": nil, "nested": ["x": 1]])
    }

    @Test func encodesToJSONAndBack() throws {
        let value: Value = ["list": [1, "two", nil, false], "color": .color(.rgb(1, 2, 3))]
        let data = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(Value.self, from: data)
        #expect(decoded == ["list": [1, "two", nil, false], "color": "#010203ff"])
    }

    struct Profile: Codable {
        struct Address: Codable { var city: String; var zip: Int? }
        var name: String
        var unread: Int
        var ratio: Double
        var verified: Bool
        var tags: [String]
        var address: Address
        var nickname: String?
        var scores: [String: Int]
    }

    @Test func convertsCodableStructs() throws {
        let profile = Profile(name: "Ada", unread: 3, ratio: 0.5, verified: true, tags: ["a", "b"],
                              address: .init(city: "London", zip: nil), nickname: nil, scores: ["x": 1])
        let value = try Value(encoding: profile)
        #expect(value == ["name": "Ada", "unread": 3, "ratio": 0.5, "verified": true, "tags": ["a", "b"],
                          "address": ["city": "London", "zip": nil], "nickname": nil, "scores": ["x": 1]])
    }

    /// A type with a hand-written `encode(to:)` that uses nested containers.
    struct Custom: Encodable {
        enum Keys: String, CodingKey { case outer, list }
        enum Inner: String, CodingKey { case value }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedContainer(keyedBy: Inner.self, forKey: .outer)
            try nested.encode(7, forKey: .value)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode("a")
            try list.encodeNil()
        }
    }

    @Test func keepsWritesMadeThroughNestedContainers() throws {
        #expect(try Value(encoding: Custom()) == ["outer": ["value": 7], "list": ["a", nil]])
        #expect(try Value(encoding: [1, 2]) == [1, 2])
        #expect(try Value(encoding: "plain") == "plain")
    }

    @Test(arguments: [("fff", Color.rgb(255, 255, 255)), ("0008", .rgba(red: 0, green: 0, blue: 0, alpha: 0x88)),
                      ("123456", .rgb(0x12, 0x34, 0x56)), ("12345678", .rgba(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78))])
    func parsesHexColors(_ digits: String, _ expected: Color) {
        #expect(Color(hexDigits: Substring(digits)) == expected)
    }

    @Test(arguments: ["", "ff", "fffff", "fffffff", "ggg", "fffffffff"])
    func rejectsMalformedHexColors(_ digits: String) {
        #expect(Color(hexDigits: Substring(digits)) == nil)
    }

    @Test func paletteNamesRoundTrip() {
        for color in PaletteColor.allCases {
            #expect(PaletteColor(name: color.name) == color)
        }
        #expect(PaletteColor(name: "grey") == .gray)
        #expect(PaletteColor(name: "purple") == nil)
    }
}
