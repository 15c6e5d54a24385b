import Foundation
import Testing

/// `termlayout inspect --node`: an outlet or an `Element@LINE:COLUMN` name as well as an id;
/// `--json` carries the real values, the text output shows them sanitised.
struct InspectNamingTests {
    static let template = """
    <Column padding="1">
        <Label outlet="count" text="{n} new"/>
        <Label text="{s}"/>
    </Column>
    """

    func fixture() throws -> (folder: String, file: String) {
        let folder = NSTemporaryDirectory() + "termlayout-inspect-naming-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/Main.xml"
        try Data(Self.template.utf8).write(to: URL(fileURLWithPath: file))
        return (folder, file)
    }

    @Test func anOutletOrTheInspectorsNameNamesANode() throws {
        let (folder, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let byOutlet = try CLIRunner.run(["inspect", file, "--node", "count", "--size", "30x5", "--state", #"{"n":3,"s":"x"}"#])
        #expect(byOutlet.status == 0, "\(byOutlet.stderr)")
        #expect(byOutlet.stdout.hasPrefix("Label outlet=count\n"))
        #expect(byOutlet.stdout.contains(#"text: string = "3 new""#))
        let byName = try CLIRunner.run(["inspect", file, "--node", "Label@3:6", "--size", "30x5", "--state", #"{"n":3,"s":"x"}"#])
        #expect(byName.status == 0, "\(byName.stderr)")
        #expect(byName.stdout.contains(#"text: string = "x""#))
    }

    @Test func jsonCarriesTheRealValueAndTextShowsItSanitised() throws {
        let (folder, file) = try fixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = String(repeating: "B", count: 5000)
        let state = #"{"n":1,"s":"x\u001b[31mRED\u2028␛"# + long + #""}"#
        let json = try CLIRunner.run(["inspect", file, "--node", "Label@3:6", "--size", "30x5", "--state", state, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(!json.stdout.contains("\u{1B}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let properties = try #require(object["properties"] as? [[String: Any]])
        let text = try #require(properties.first { $0["name"] as? String == "text" })
        #expect(text["value"] as? String == "x\u{1B}[31mRED\u{2028}␛" + long)
        #expect(text["source"] as? String == "{s}")
        let plain = try CLIRunner.run(["inspect", file, "--node", "Label@3:6", "--size", "30x5", "--state", state])
        #expect(!plain.stdout.contains("\u{1B}") && plain.stdout.contains("x␛[31mRED"))
        #expect(!plain.stdout.contains(long))
    }
}
