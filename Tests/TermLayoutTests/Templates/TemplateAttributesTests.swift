import Testing
@testable import TermLayout

/// `TemplateAttributes` behaves as a dictionary whose order is the order names were first set.
struct TemplateAttributesTests {
    let source = SourceText(path: "T.xml", text: "")

    func attribute(_ name: String, _ text: String) -> TemplateAttribute {
        TemplateAttribute(name: name, type: .string, text: MappedText(text, at: 0), source: source, expression: nil, origin: nil)
    }

    func texts(_ attributes: TemplateAttributes) -> [String] {
        attributes.map { "\($0.key)=\($0.value.text.value)" }
    }

    @Test func iteratesInTheOrderNamesWereFirstSet() {
        var attributes = TemplateAttributes()
        #expect(attributes.isEmpty)
        for name in ["width", "text", "id", "alignment"] { attributes[name] = attribute(name, name.uppercased()) }
        #expect(texts(attributes) == ["width=WIDTH", "text=TEXT", "id=ID", "alignment=ALIGNMENT"])
        #expect(Array(attributes.keys) == ["width", "text", "id", "alignment"])
        #expect(attributes.values.map(\.text.value) == ["WIDTH", "TEXT", "ID", "ALIGNMENT"])
        #expect(attributes.count == 4)
    }

    @Test func settingAnExistingNameReplacesItInPlace() {
        var attributes: TemplateAttributes = ["a": attribute("a", "1"), "b": attribute("b", "2")]
        attributes["a"] = attribute("a", "3")
        #expect(texts(attributes) == ["a=3", "b=2"])
        #expect(attributes.count == 2)
    }

    @Test func aRepeatedNameInALiteralKeepsTheLastValue() {
        let attributes: TemplateAttributes = ["a": attribute("a", "1"), "a": attribute("a", "2")]
        #expect(texts(attributes) == ["a=2"])
    }

    @Test func settingNilOrRemovingDropsTheName() {
        var attributes: TemplateAttributes = ["a": attribute("a", "1"), "b": attribute("b", "2"), "c": attribute("c", "3")]
        attributes["b"] = nil
        #expect(texts(attributes) == ["a=1", "c=3"])
        #expect(attributes.removeValue(forKey: "a")?.text.value == "1")
        #expect(attributes.removeValue(forKey: "a") == nil)
        attributes["missing"] = nil
        #expect(texts(attributes) == ["c=3"])
    }

    @Test func anAttributeIsFiledUnderItsOwnName() {
        var attributes = TemplateAttributes()
        attributes["title"] = attribute("text", "hello")
        #expect(attributes["title"]?.name == "title")
        #expect(attributes["text"] == nil)
        #expect(texts(attributes) == ["title=hello"])
    }

    @Test func looksUpByName() {
        let attributes: TemplateAttributes = ["a": attribute("a", "1"), "b": attribute("b", "2")]
        #expect(attributes["b"]?.text.value == "2")
        #expect(attributes["c"] == nil)
        #expect(attributes.index(forKey: "b") == 1)
        #expect(attributes.index(forKey: "c") == nil)
        #expect(attributes[1].key == "b")
    }

    @Test func aLoadedElementKeepsItsAttributesInDocumentOrder() throws {
        let template = try TemplateLoader().load(text: #"<Label width="4" text="x" id="a" height="1"/>"#).get()
        #expect(Array(template.root.properties.keys) == ["width", "text", "id", "height"])
    }

    /// The mask of names present rules out absent names; it must never rule out one that is
    /// present — after names are added, replaced, renamed in and removed, including names
    /// that share a length and first letter (the mask's bit).
    @Test func findsEveryNamePresentAndNoneAbsentThroughChanges() {
        var attributes = TemplateAttributes()
        var present: [String] = []
        let names = ["width", "wraps", "text", "tint", "alignSelf", "alignment", "lines", "left", "l", "", "héllo", "center.x"]
        for name in names {
            attributes[name] = attribute(name, name)
            present.append(name)
        }
        attributes["wraps"] = nil
        attributes.removeValue(forKey: "tint")
        attributes["text"] = attribute("other", "renamed in")
        present.removeAll { $0 == "wraps" || $0 == "tint" }
        for name in present { #expect(attributes.index(forKey: name) != nil, "\(name) is present") }
        for name in ["wraps", "tint", "wrap", "lines2", "alignselF", "height", "x"] {
            #expect(attributes.index(forKey: name) == nil, "\(name) is absent")
        }
        #expect(attributes["text"]?.text.value == "renamed in")
        // Removing every name leaves nothing to find, and adding one back finds it again.
        for name in present { attributes[name] = nil }
        #expect(names.allSatisfy { attributes.index(forKey: $0) == nil })
        attributes["wraps"] = attribute("wraps", "back")
        #expect(attributes["wraps"]?.text.value == "back")
    }

    /// A key whose bit is worked out once finds what its name finds, present or absent,
    /// whatever else shares its bit.
    @Test func aKeyFindsWhatItsNameFinds() {
        var attributes = TemplateAttributes()
        for name in ["id", "hidden", "heigh", "border", "bordeR", "text"] { attributes[name] = attribute(name, name) }
        let keys: [TemplateAttributes.LookupKey] = [.id, .outlet, .hidden, .background, .border, .direction]
        for key in keys {
            #expect(attributes.index(forKey: key) == attributes.index(forKey: key.name), "\(key.name)")
        }
        #expect(attributes.index(forKey: .hidden) == 1)
        #expect(attributes.index(forKey: .border) == 3)
        #expect(attributes.index(forKey: .outlet) == nil)
        for attribute in LayoutAttribute.allCases {
            #expect(attribute.key.name == attribute.rawValue)
            #expect(attributes.index(forKey: attribute.key) == attributes.index(forKey: attribute.rawValue))
        }
    }
}
