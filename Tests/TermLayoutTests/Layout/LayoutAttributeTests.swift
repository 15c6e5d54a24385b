import Testing
@testable import TermLayout

/// The fast name matcher nodes use when they are made agrees with the attributes' names.
struct LayoutAttributeTests {
    @Test func everyLayoutAttributeIsFoundByItsName() {
        for attribute in LayoutAttribute.allCases {
            #expect(LayoutAttribute.named(attribute.rawValue) == attribute)
        }
    }

    @Test func otherNamesAreNotLayoutAttributes() {
        for name in ["", "text", "Width", "widths", "center", "center.z", "minwidth", "color", "hidden", "tops", "bottom ", "paddin"] {
            #expect(LayoutAttribute.named(name) == nil, "\(name)")
        }
    }

    @Test func aNodeKnowsWhichLayoutAttributesItSets() throws {
        let node = try makeNode(#"<Label text="x" width="3" center.x="5" maxHeight="2" shrink="0"/>"#)
        #expect(node.layoutAttributes.contains(.width))
        #expect(node.layoutAttributes.contains(.centerX))
        #expect(node.layoutAttributes.contains(.maxHeight))
        #expect(node.layoutAttributes.contains(.shrink))
        #expect(!node.layoutAttributes.contains(.height))
        #expect(node.layoutAttributes.setsPosition)
    }

    /// A node rules a family of names (layout attributes, text style and layout, flex style)
    /// out by the name's look-up bit before comparing: no name of a family may be ruled out.
    /// Checked over every property of every standard widget and each family's own names.
    @Test func noFamilyMemberIsRuledOutByItsBit() throws {
        var names = Set(LayoutAttribute.allCases.map(\.rawValue) + TextStyleProperties.names + FlexStyleProperties.names)
        for widgetName in WidgetRegistry.standard.names {
            let widget = try #require(WidgetRegistry.standard.widget(named: widgetName))
            names.formUnion(widget.properties.keys)
        }
        for name in names {
            let bit = TemplateAttributes.bit(of: name)
            if LayoutAttribute.named(name) != nil { #expect(bit & LayoutAttribute.nameBits != 0, "\(name)") }
            if TextStyleProperties.contains(name) || TextStyleProperties.isTextLayout(name) {
                #expect(bit & TextStyleProperties.nameBits != 0, "\(name)")
            }
            if FlexStyleProperties.contains(name) { #expect(bit & FlexStyleProperties.nameBits != 0, "\(name)") }
        }
        #expect(TextStyleProperties.names.allSatisfy { TextStyleProperties.contains($0) || TextStyleProperties.isTextLayout($0) })
        #expect(FlexStyleProperties.names.allSatisfy(FlexStyleProperties.contains))
    }

    @Test func aNodeKnowsWhichStyleFamiliesItSets() throws {
        let plain = try makeNode(#"<Label text="x" id="a"/>"#)
        #expect(!plain.setsTextStyle && !plain.setsTextLayout && !plain.setsFlexStyle && plain.layoutAttributes.isEmpty)
        let styled = try makeNode(#"<Label text="x" bold="true" lines="2"/>"#)
        #expect(styled.setsTextStyle && styled.setsTextLayout && !styled.setsFlexStyle)
        let row = try makeNode(#"<Row justify="end"><Label text="x"/></Row>"#)
        #expect(row.setsFlexStyle && !row.setsTextStyle)
    }
}

