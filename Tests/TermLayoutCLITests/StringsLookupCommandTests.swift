import Foundation
import Testing

/// The CLI's view of how strings and dotted constants are found (issue 28).
struct StringsLookupCommandTests {
    // Layout/LayoutNode.swift:1558–1563 reads state (its variables) before constants, so
    // state wins over a constant named `a.b` too, as the Expressions article says of all constants.
    @Test func stateWinsOverADottedConstant() throws {
        let folder = try CheckCommandTests.Folder(["Main.xml": "<Label text=\"{a.b}\"/>"])
        let render = try CLIRunner.run(["render", folder.file("Main.xml"), "--size", "5x1",
                                        "--constants", #"{"a.b": 1}"#, "--state", #"{"a": {"b": 2}}"#])
        #expect(render.stdout == "2\n", "\(render.stderr)")
        let eval = try CLIRunner.run(["eval", "a.b", "--constants", #"{"a.b": 1}"#, "--state", #"{"a": {"b": 2}}"#])
        #expect(eval.stdout == "2\n", "\(eval.stderr)")
    }

    // Layout/LayoutNode.swift:2116–2119: the key is the whole name after `strings.`; where
    // there is no such key, `strings.Title.count` reads `Title` (as lookup does), so that is
    // the key `strings` lists.
    @Test func theKeyListedIsTheKeyRead() throws {
        let folder = try CheckCommandTests.Folder([
            "Main.xml": "<Column><Label text=\"{strings.Title.count}\"/><Label text=\"@Signup.Name\"/><Label text=\"{strings.Gone.Key}\"/></Column>",
            "Localizable.strings": "\"Title\" = \"T\";\n\"Signup.Name\" = \"N\";\n",
        ])
        let used = try CLIRunner.run(["strings", folder.file("Main.xml")])
        #expect(used.stdout == "Gone.Key\nSignup.Name\nTitle\n")
    }
}
