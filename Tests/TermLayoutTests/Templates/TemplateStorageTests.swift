import Testing
@testable import TermLayout

/// Template elements and widget descriptors are one reference each: copies share their
/// storage until one of them changes.
struct TemplateStorageTests {
    @Test func copiesOfALoadedElementShareStorage() throws {
        let template = try TemplateLoader().load(text: #"<Column><Label text="a"/><Label text="b"/></Column>"#).get()
        let label = template.root.children[0]
        let copy = template.root.children[0]
        #expect(label.sharesStorage(with: copy))
        #expect(!label.sharesStorage(with: template.root.children[1]))
        // A node holds the element it was built from, not a copy of its fields.
        let node = try LayoutNode(template: template)
        #expect(node.children[0].template.sharesStorage(with: label))
    }

    @Test func changingACopyLeavesTheOriginalAlone() throws {
        let text = "<Column>\n<macro name=\"m\" value=\"1\"/><Label text=\"a\"/></Column>"
        let template = try TemplateLoader().load(text: text).get()
        let original = template.root
        var changed = original
        changed.children[0].properties["text"] = nil
        changed.relocate(to: SourceText(path: "Other.xml", text: "\n\n  x"), offset: 4)
        changed.macros["m"] = nil
        #expect(!changed.sharesStorage(with: original))
        #expect(original.children[0].properties["text"]?.text.value == "a")
        #expect(changed.children[0].properties["text"] == nil)
        #expect(original.macros["m"] != nil)
        #expect(changed.macros.isEmpty)
        #expect((original.location.path, original.location.line, original.location.column) == ("<memory>", 1, 2))
        #expect((changed.location.path, changed.location.line, changed.location.column) == ("Other.xml", 3, 3))
        #expect(original.children[0].location.line == 2)
    }

    @Test func changingADescriptorCopyLeavesTheOriginalAlone() throws {
        let label = try #require(WidgetRegistry.standard.widget(named: "Label"))
        var renamed = label
        #expect(renamed == label)
        renamed.name = "Caption"
        renamed.properties["width"] = nil
        #expect(label.name == "Label")
        #expect(label.property("width") != nil)
        #expect(renamed.property("width") == nil)
        #expect(renamed != label)
        // Layout defaults follow the properties they come from.
        renamed.properties["grow"] = PropertyDescriptor("grow", .number(), default: .number(5), "grows")
        #expect(renamed.layoutDefault(.grow) == 5)
        #expect(label.layoutDefault(.grow) != 5)
    }

    @Test func theConverterTakesTheMarkupItConverts() throws {
        // Each child's markup is moved out of its parent before it is converted, so what is
        // converted can be freed while the rest of the file loads.
        let source = SourceText(path: "T.xml", text: #"<Column><Row><Label text="a"/></Row><Label text="b"/></Column>"#)
        var root = try MarkupReader.read(source).root
        let session = LoadSession(registry: .standard, access: TemplateFileAccess(root: "."))
        let converter = TemplateConverter(session: session, file: FileContext(source: source, directory: ".", chain: [], styles: [:]))
        let element = try #require(converter.convert(&root))
        #expect(root.content.isEmpty)
        #expect(element.children.count == 2)
        #expect(element.children[0].children[0].properties["text"]?.text.value == "a")
    }
}
