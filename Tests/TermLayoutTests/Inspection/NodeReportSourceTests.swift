import Foundation
import Testing
@testable import TermLayout

/// `NodeReport`: a label's body shows as its `text`, and a property set by a class says so.
struct NodeReportSourceTests {
    @Test func aLabelsBodyIsItsTextWithSourceValueAndReads() throws {
        let fixture = try TemplateFixture(["Main.xml": """
        <Column id="root">
            <Label id="msg">You have <b>{unread}</b>
                new, {name}.</Label>
        </Column>
        """])
        let template = try #require(TemplateLoader().load(file: fixture.path("Main.xml")).template)
        let root = try LayoutNode(template: template, state: ["unread": 3, "name": "Ada"])
        root.screenSize = (60, 5)
        _ = try root.cellFrames()
        let report = try NodeReport(of: #require(root.node(withID: "msg")))
        let text = try #require(report.properties.first { $0.name == "text" })
        #expect(text.value == "You have 3 new, Ada." && text.type == "string")
        #expect(text.source == "You have <b>{unread}</b> new, {name}.")
        #expect(text.reads == ["state unread", "state name"] && text.stateKeys == ["unread", "name"])
        #expect(report.lines.contains("text: string = \"You have 3 new, Ada.\""))
        #expect(report.lines.contains("  reads state unread, state name"))
    }

    @Test func aPropertyFromAClassNamesTheClass() throws {
        let fixture = try TemplateFixture([
            "Main.xml": #"<Column><Label id="a" class="accent" text="x"/><Label id="b" class="accent" bold="false" text="y"/></Column>"#,
            "Styles.json": #"{"accent": {"bold": "true"}}"#,
        ])
        let template = try #require(TemplateLoader().load(file: fixture.path("Main.xml")).template)
        let root = try LayoutNode(template: template, state: [:])
        root.screenSize = (20, 5)
        let report = try NodeReport(of: #require(root.node(withID: "a")))
        let bold = try #require(report.properties.first { $0.name == "bold" })
        #expect(bold.origin == "class 'accent' in Styles.json")
        #expect(report.lines.contains("  source true (from class 'accent' in Styles.json)"))
        #expect(report.properties.first { $0.name == "text" }?.origin == nil)
        // An attribute over the class's value says so.
        let over = try NodeReport(of: #require(root.node(withID: "b")))
        let boldOver = try #require(over.properties.first { $0.name == "bold" })
        #expect(boldOver.origin == nil && boldOver.overrides == "class 'accent' in Styles.json")
        #expect(over.lines.contains("  source false (over class 'accent' in Styles.json)"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let properties = try #require(json["properties"] as? [[String: Any]])
        #expect(properties.first { $0["name"] as? String == "bold" }?["origin"] as? String == "class 'accent' in Styles.json")
    }

    @Test func colorsShowAsATemplateWritesThem() throws {
        let root = try makeNode("""
        <Column>
            <Label id="a" text="x" color="brightCyan"/>
            <Label id="b" text="x" color="#00ffff"/>
            <Label id="c" text="x" color="#00ffff80"/>
        </Column>
        """)
        root.screenSize = (20, 5)
        func color(_ id: String) throws -> String? {
            try NodeReport(of: #require(root.node(withID: id))).properties.first { $0.name == "color" }?.value
        }
        #expect(try color("a") == "brightCyan")
        #expect(try color("b") == "#00ffff")
        #expect(try color("c") == "#00ffff80")
    }

    @Test func readersWithoutAnIdAreNamedByTheirPlace() throws {
        let root = try makeNode("""
        <View>
            <View id="a" left="0" top="0" width="10" height="1"/>
            <View left="0" top="1" width="{#a.width}" height="1"/>
        </View>
        """)
        root.screenSize = (20, 5)
        _ = try root.cellFrames()
        let report = try NodeReport(of: #require(root.node(withID: "a")))
        let width = try #require(report.properties.first { $0.name == "width" })
        #expect(width.readBy.contains("View@3:6.width"), "\(width.readBy)")
    }
}
