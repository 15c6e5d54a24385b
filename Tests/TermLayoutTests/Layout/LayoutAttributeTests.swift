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
}
