import Foundation
import SystemPackage
import Testing
@testable import TermLayout

/// `format` never loses or changes meaning: for every template we can find — the
/// repository's, Layout's samples, the fuzz seeds and hand-written nasty cases — a file that
/// parses formats to one with the same structure (elements, attributes, expression trees,
/// text, comments), that loads whenever the original loads, and that formats to itself.
struct FormatRoundTripTests {
    /// The checkout: four levels above this file (Tests/TermLayoutTests/Tooling/…).
    static let repository: URL = {
        var path = FilePath(#filePath)
        for _ in 0..<4 { path.removeLastComponent() }
        return URL(fileURLWithPath: path.string)
    }()

    /// Hand-written cases that broke or nearly broke the formatter.
    static let nastyCases: [String] = [
        "<Label>Hello, world</Label>",
        "<Label>{n} items</Label>",
        "<Column>\n  <Label>Hello, world</Label>\n  <Label   bold=\"true\">{n} items</Label>\n</Column>",
        "<Label text=\"&#27;]52;c;aGk=&#7;\"/>",
        "<Label text=\"&#x1B;[2J&#x9B;31m&#x7F;&#x202E;x&#13;y\"/>",
        "<Label>a&#27;b&#x9B;c&#x7F;d&#x202E;e</Label>",
        "<Label text=\"raw \u{9B}2J \u{7F} \u{202E}x\"/>",
        "<Label>raw \u{9B}2J and \u{7F} and \u{85}</Label>",
        "<Label><b>raw \u{9B}</b><![CDATA[cdata \u{9B}]]><!-- comment \u{9B} --></Label>",
        "<Column>text before<Label/>text after</Column>",
        "<Label><![CDATA[<b>x</b> & y]]></Label>",
        "<Label><![CDATA[  ]]></Label>",
        "<Label>a<!-- c -->b</Label>",
        "<Label>  spaced   text  </Label>",
        "<Label><b>bold</b></Label>",
        "<Label></Label>",
        "<Label> </Label>",
        "<Label>&amp;lt; is not &lt; and a]]&gt;b</Label>",
        "<Label text='say \"hi\" &amp; &lt;go&gt; it&apos;s'/>",
        "<Label text=\"line one\nline two\ttab\"/>",
        "<Column>\r\n  <Label text=\"a\r\nb\"/>\r\n  <Label>crlf\r\nbody</Label>\r\n</Column>\r\n",
        "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- top -->\n<Column><?properties {\"a\": 1}?><Label/></Column>\n<!-- end -->\n<?after x?>",
        "<Column gap=\"1\">\n    <Label/>\n    <!-- about m -->\n    <macro name=\"m\" value=\"1+2\"/>\n\n\n    <param name=\"p\" type=\"number\" value=\"3\"/>\n</Column>",
        "<Column id=\"\u{202E}evil\" class=\"a&#x9B;b\"><Label text=\"{a+b*2} and {max(1,x)}\" width=\"100%-2\"/></Column>",
        "<Label>Hello <b>{name}</b>,<br/>  <span color=\"red\">welcome &#x1B;</span></Label>",
        "<Label text=\"{ a // a note\n}\"/>",
        "<Label text=\"{'\u{1B}'}\"/>",
        "<Column><Label>one</Label><Label>two</Label></Column>",
        "<Column><?properties {\"x\": \"\u{9B}\"}?></Column>",
        "<Row> <!-- only a comment --> </Row>",
    ]

    /// Every input, by a name for failures.
    static func inputs() -> [(name: String, path: String, root: String?, text: String)] {
        var inputs: [(name: String, path: String, root: String?, text: String)] = []
        let manager = FileManager.default
        var folders = ["Templates"]
        let demos = (try? manager.contentsOfDirectory(atPath: repository.appendingPathComponent("Demos").path)) ?? []
        folders += demos.sorted().map { "Demos/\($0)/Templates" }
        for folder in folders {
            let directory = repository.appendingPathComponent(folder).path
            for name in ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).sorted() where name.hasSuffix(".xml") {
                let path = directory + "/" + name
                if let text = try? String(contentsOfFile: path, encoding: .utf8) { inputs.append((folder + "/" + name, path, directory, text)) }
            }
        }
        // Layout's sample templates, beside the checkout (../shared/reference), when present.
        for samples in [repository.appendingPathComponent("../shared/reference/layout-samples").path, "/work/shared/reference/layout-samples"] {
            let names = ((try? manager.contentsOfDirectory(atPath: samples)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
            for name in names {
                if let text = try? String(contentsOfFile: samples + "/" + name, encoding: .utf8) { inputs.append(("layout-samples/" + name, samples + "/" + name, samples, text)) }
            }
            if !names.isEmpty { break }
        }
        let scratch = manager.temporaryDirectory.path + "/format-round-trip"
        for corpus in ["FuzzTemplateLoader", "FuzzMarkupReader"] {
            let directory = repository.appendingPathComponent("Fuzz/Corpus/" + corpus).path
            for name in ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
                guard let data = manager.contents(atPath: directory + "/" + name) else { continue }
                inputs.append((corpus + "/" + name, scratch + "/Seed.xml", scratch, String(decoding: data, as: UTF8.self)))
            }
        }
        for (index, text) in nastyCases.enumerated() { inputs.append(("nasty #\(index)", scratch + "/Nasty.xml", scratch, text)) }
        return inputs
    }

    /// What the loaded template holds, independently of ``TemplateStructure``: widgets,
    /// property names, and body text, in tree order.
    static func loadedShape(_ element: TemplateElement) -> [String] {
        var lines = [element.widget.name + " " + element.properties.keys.sorted().joined(separator: ",")]
        lines += (element.body ?? []).map { $0.isLineBreak ? "<br>" : $0.text.text.value.debugDescription }
        for child in element.children { lines += loadedShape(child) }
        return lines
    }

    @Test func formattingKeepsEveryTemplateAndIsIdempotent() throws {
        let inputs = Self.inputs()
        #expect(inputs.count > 400, "the fuzz seeds and repository templates were found")
        var checked = 0
        for input in inputs {
            let file = TemplateSourceFile(source: SourceText(path: input.path, text: input.text), root: input.root)
            guard file.document != nil else { continue }
            checked += 1
            let formatted: String
            do throws(Diagnostic) {
                formatted = try TemplateFormatter.formatVerified(file)
            } catch {
                Issue.record("\(input.name): refused: \(error.summary) \(error.notes)")
                continue
            }
            let output = TemplateSourceFile(source: SourceText(path: input.path, text: formatted), root: input.root)
            #expect(TemplateStructure.dump(output) == TemplateStructure.dump(file), "\(input.name)\n\(formatted)")
            if let template = file.template {
                #expect(output.template.map { Self.loadedShape($0.root) } == Self.loadedShape(template.root), "\(input.name)\n\(formatted)")
            }
            #expect(TemplateFormatter.format(output) == formatted, "\(input.name) is not idempotent\n\(formatted)")
            // No control but tab and line feed is written raw, outside CDATA and comments.
            let outside = formatted.replacing(/<!\[CDATA\[(?s:.*?)\]\]>|<!--(?s:.*?)-->|<\?(?s:.*?)\?>/, with: "")
            #expect(!outside.unicodeScalars.contains { $0 != "\r" && MarkupEscaping.needsReference($0) }, "\(input.name)\n\(formatted)")
        }
        #expect(checked > 100)
    }

    @Test func labelBodiesAndEscapedControlsSurvive() throws {
        let file = TemplateSourceFile(source: SourceText(path: "/nonexistent/T.xml", text: """
            <Column><Label>Hello, world</Label><Label>{n} items</Label><Label text="&#27;]0;x&#7;"/></Column>
            """))
        #expect(try TemplateFormatter.formatVerified(file) == """
            <Column>
                <Label>Hello, world</Label>
                <Label>{n} items</Label>
                <Label text="&#x1B;]0;x&#x7;"/>
            </Column>

            """)
    }

    /// Hostile pass H3-15: `&#10;` and `&#9;` in an attribute stay references (raw ones read
    /// as spaces in standard XML); breaks written raw, as in a multi-line expression, stay raw.
    @Test func lineBreaksInAttributesKeepTheFormTheyWereWrittenIn() throws {
        let file = TemplateSourceFile(source: SourceText(path: "/nonexistent/T.xml", text: """
            <Column title="a&#10;b&#9;c&#13;"><Label width="(100% -
                10) / 2" text="x"/></Column>
            """))
        #expect(try TemplateFormatter.formatVerified(file) == """
            <Column title="a&#xA;b&#x9;c&#xD;">
                <Label
                    width="(100% -
                10) / 2"
                    text="x"
                />
            </Column>

            """)
    }

    @Test func formattingThatWouldNotReadBackIsRefusedAtTheFile() throws {
        // A reading of the file with an attribute name no XML can hold: what the formatter
        // would write does not read back, so nothing may be written.
        var file = TemplateSourceFile(source: SourceText(path: "/nonexistent/T.xml", text: "<Column>\n<Label text=\"x\"/></Column>"))
        var label = try #require(file.document?.root.elements.first)
        label.attributes[0].name = "te xt"
        file.document?.root.content = [.element(label)]
        do throws(Diagnostic) {
            let written = try TemplateFormatter.formatVerified(file)
            Issue.record("formatted to \(written)")
        } catch {
            #expect(error.summary == "/nonexistent/T.xml:1:1: error: cannot format this file: the result would not read back; it is left as it is; please report it, with the file")
            #expect(error.notes.first?.hasPrefix("expected '=' after attribute 'te'") == true, "\(error.notes)")
        }
    }
}
