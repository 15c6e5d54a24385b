import Testing
@testable import TermLayout

/// Defaults and types found without hashing agree with the widgets' property tables.
struct PropertyDefaultsTests {
    @Test func everyStandardPropertyHasItsDefault() {
        for name in WidgetRegistry.standard.names {
            guard let widget = WidgetRegistry.standard.widget(named: name) else {
                Issue.record("no widget \(name)")
                continue
            }
            for (property, descriptor) in widget.properties {
                #expect(widget.defaultValue(of: property) == (descriptor.defaultValue ?? .null), "\(name).\(property)")
                #expect(widget.propertyType(of: property) == descriptor.type, "\(name).\(property)")
            }
            for other in ["", "x", "textt", "Text", "wrap ", "center", "alignself", "zzzzzzzzzzzzzzzzzzzzzzzzzzzz"] where widget.property(other) == nil {
                #expect(widget.defaultValue(of: other) == nil, "\(name).\(other)")
                #expect(widget.propertyType(of: other) == nil, "\(name).\(other)")
            }
        }
    }

    /// A registered widget's changed properties are what lookups find.
    @Test func changedPropertiesAreFound() {
        var descriptor = WidgetDescriptor("Gauge", "A gauge", acceptsChildren: false,
                                          properties: [PropertyDescriptor("level", .number(), default: 3, "The level")])
        #expect(descriptor.defaultValue(of: "level") == 3)
        descriptor.properties["level"] = PropertyDescriptor("level", .number(), default: 5, "The level")
        descriptor.properties["peak"] = PropertyDescriptor("peak", .number(), "The peak")
        #expect(descriptor.defaultValue(of: "level") == 5)
        #expect(descriptor.defaultValue(of: "peak") == .null)
        #expect(descriptor.propertyType(of: "peak") == .number())
    }
}
