import Foundation
import Testing
@testable import TermLayout

/// `textDocument/hover`: the registry's docs on names, values under the sample state on
/// expressions, the reason when there is none, and the range of what is hovered.
struct LspHoverTests {
    private func hover(_ text: String, state: String?, line: Int, character: Int,
                       files: [String: String] = [:]) throws -> (text: String, range: LspRange)? {
        let folder = try TemporaryFolder()
        if let state { try folder.write("Main.state.json", state) }
        for (name, text) in files { try folder.write(name, text) }
        var server = LspServer()
        func body(_ object: [String: Any]) -> [UInt8] {
            var object = object
            object["jsonrpc"] = "2.0"
            return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
        }
        let uri = "file://" + folder.path("Main.xml")
        _ = server.receive(body(["id": 1, "method": "initialize", "params": [:] as [String: Any]]))
        _ = server.receive(body(["method": "textDocument/didOpen",
                                 "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": text] as [String: Any]]]))
        let reply = server.receive(body(["id": 2, "method": "textDocument/hover",
                                         "params": ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]]))
        let object = reply.first.flatMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
        guard let result = object?["result"] as? [String: Any], let contents = result["contents"] as? [String: Any],
              let value = contents["value"] as? String, let range = LspRange(json: result["range"]) else { return nil }
        #expect(contents["kind"] as? String == "markdown")
        return (value, range)
    }

    private func range(_ line: Int, _ start: Int, _ end: Int) -> LspRange {
        LspRange(start: LspPosition(line: line, character: start), end: LspPosition(line: line, character: end))
    }

    private let template = """
    <Column padding="1">
        <Label id="greeting" text="日本😀 {user.name} has {count + 1}" width="parent.width - 2"/>
        <Row align="center" hidden="missing"/>
    </Column>
    """
    private let state = #"{"user": {"name": "Ada"}, "count": 3}"#

    @Test func anElementNameShowsItsDoc() throws {
        let hovered = try #require(try hover(template, state: state, line: 1, character: 7))
        #expect(hovered.text.hasPrefix("**Label**: "))
        #expect(hovered.range == range(1, 5, 10))
        let end = try #require(try hover(template, state: state, line: 3, character: 4))
        #expect(end.text.hasPrefix("**Column** (takes children)"))
    }

    @Test func anAttributeNameShowsTypeDocAndDefault() throws {
        let hovered = try #require(try hover(template, state: state, line: 2, character: 10))
        #expect(hovered.text == "**align**: one of start, center, end, stretch\n\nCross-axis alignment\n\nDefault: `'stretch'`")
        #expect(hovered.range == range(2, 9, 14))
    }

    @Test func aNameInAnInterpolationShowsItsValue() throws {
        // After CJK and emoji: `user.name` starts at UTF-16 column 37.
        let hovered = try #require(try hover(template, state: state, line: 1, character: 42))
        #expect(hovered.text.hasPrefix("`user.name`: string = `'Ada'`"))
        #expect(hovered.range == range(1, 37, 46))
        // On the operator: the whole `{…}` part.
        let part = try #require(try hover(template, state: state, line: 1, character: 59))
        #expect(part.text == "`count + 1`: number = `4`")
        #expect(part.range == range(1, 53, 62))
        // On the plain text: the property's value.
        let text = try #require(try hover(template, state: state, line: 1, character: 32))
        #expect(text.text.contains("string = `'日本😀 Ada has 4'`"))
    }

    @Test func anExpressionAttributeShowsItsValueAndItsWords() throws {
        let whole = try #require(try hover(template, state: state, line: 1, character: 85))
        #expect(whole.text == "`parent.width - 2`: number = `76`", "80 columns of screen, padding 1 each side, less 2")
        let word = try #require(try hover(template, state: state, line: 1, character: 76))
        #expect(word.text.hasPrefix("`parent.width`: number = `78`"))
        #expect(word.text.contains("In `parent.width - 2`: number = `76`"))
        #expect(word.range == range(1, 72, 84))
        // On `width` of `parent.width` too; on the space after it, the whole expression.
        #expect(try hover(template, state: state, line: 1, character: 80)?.range == range(1, 72, 84))
        #expect(try hover(template, state: state, line: 1, character: 84)?.range == range(1, 72, 88))
    }

    @Test func whatCannotBeEvaluatedSaysWhy() throws {
        let missing = try #require(try hover(template, state: state, line: 2, character: 33))
        #expect(missing.text.contains("`missing`"))
        #expect(missing.text.contains("not evaluated"))
        let noState = try #require(try hover(template, state: nil, line: 1, character: 42))
        #expect(noState.text.contains("no Main.state.json beside the file"))
        let broken = try #require(try hover("<Column>\n  <Label text=\"{a}\" widht=\"1\"/>\n</Column>", state: nil, line: 1, character: 17))
        #expect(broken.text.contains("the template does not load"))
        // A half-typed file: what reads only state is still evaluated.
        let halfTyped = try #require(try hover("<Column>\n  <Label text=\"{count * 2}\"/>\n  <Row \n", state: state, line: 1, character: 17))
        #expect(halfTyped.text.hasPrefix("`count`: number = `3`"))
        #expect(halfTyped.text.contains("In `count * 2`: number = `6`"))
    }

    @Test func aListRowIsEvaluatedWithTheFirstItem() throws {
        let list = "<List items=\"{todos}\">\n  <Label text=\"{title}\" dim=\"done\"/>\n</List>"
        let hovered = try #require(try hover(list, state: #"{"todos": [{"title": "Milk", "done": true}]}"#, line: 1, character: 30))
        #expect(hovered.text == "`done`: bool = `true`")
        let empty = try #require(try hover(list, state: #"{"todos": []}"#, line: 1, character: 30))
        #expect(empty.text.contains("not evaluated: this element has no node here"))
    }

    @Test func aParamOfAnIncludedFileShowsItsType() throws {
        let card = "<Row><param name=\"caption\" type=\"string\"/><Label text=\"{caption}\"/></Row>"
        let hovered = try #require(try hover("<View xml=\"Card.xml\" caption=\"Hi\"/>", state: nil, line: 0, character: 24, files: ["Card.xml": card]))
        #expect(hovered.text == "**caption**: param: string\n\nParameter of `Card.xml`")
        #expect(hovered.range == range(0, 21, 28))
    }

    @Test func nothingOnTextCommentsOrOutsideTheFile() throws {
        #expect(try hover("<Label>Hello</Label><!-- <Label -->", state: nil, line: 0, character: 9) == nil)
        #expect(try hover("<Label>Hello</Label><!-- <Label -->", state: nil, line: 0, character: 27) == nil)
        #expect(try hover("<Label/>", state: nil, line: 40, character: 0) == nil)
    }
}
