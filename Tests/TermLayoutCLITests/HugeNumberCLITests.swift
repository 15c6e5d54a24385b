import Foundation
import TestSupport
import Testing

/// Numbers from `--state` far outside any sensible range are clamped, never trapped on
/// (issue 10, item 3: `render --state '{"sel":1e19}'` exited 132).
struct HugeNumberCLITests {
    static let template = """
    <Column>
        <List items="['a', 'b', 'c']" selection="sel" height="3"/>
        <Tabs selected="sel" height="2"><View title="One"><Label text="first"/></View><View title="Two"/></Tabs>
        <Label text="w" width="size" margin="0 - size"/>
        <ProgressBar value="sel" height="size"/>
    </Column>
    """

    @Test(arguments: ["1e19", "-1e19", "1e308", "-1e308", "9.3e18"])
    func renderAndLayoutClampHugeState(_ number: String) throws {
        let path = TemporaryPath.unique("termlayout-huge-", suffix: ".xml")
        try Data(Self.template.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let state = #"{"sel": \#(number), "size": \#(number)}"#
        for command in ["render", "layout"] {
            let result = try CLIRunner.run([command, path, "--size", "30x8", "--state", state])
            #expect(result.status == 0, "\(command) \(number): \(result.stderr)")
            #expect(!result.stdout.isEmpty)
        }
    }
}
