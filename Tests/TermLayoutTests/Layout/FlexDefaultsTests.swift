import Testing
@testable import TermLayout

/// A node that leaves its flex style, `alignSelf`, its other layout attributes and its text
/// layout unset gets its widget's defaults, found once per widget: the same as reading each
/// property (issue 32, 4c).
struct FlexDefaultsTests {
    /// Every standard widget that loads on its own, with an attribute-free node of it and
    /// one whose reads take the general path (a user's override of a property, with the
    /// value it has: nothing changes but the path).
    private static func pairs() throws -> [(name: String, quick: LayoutNode, general: LayoutNode)] {
        var pairs: [(String, LayoutNode, LayoutNode)] = []
        for name in WidgetRegistry.standard.names {
            guard let quick = try? makeNode("<\(name)/>"), let general = try? makeNode("<\(name)/>") else { continue }
            #expect(!quick.hasOverrides && !quick.setsFlexStyle && quick.layoutAttributes.isEmpty)
            general.override("alignSelf", with: try general.value(orNil: "alignSelf"))
            #expect(general.hasOverrides)
            pairs.append((name, quick, general))
        }
        return pairs
    }

    private static func fields(_ item: FlexLayout.Item) -> [String] {
        [item.width, item.height, item.minWidth, item.maxWidth, item.minHeight, item.maxHeight].map { "\($0 as Double?)" }
            + ["\(item.grow)", "\(item.shrink)", "\(item.margin)", "\(item.alignSelf as FlexLayout.Align?)", "\(item.insets)",
               "\(item.scrolls)", "\(item.widthIsUnresolvedPercent)", "\(item.heightIsUnresolvedPercent)"]
    }

    private static func fields(_ style: FlexLayout.Style) -> [String] {
        ["\(style.direction)", "\(style.justify)", "\(style.align)", "\(style.alignLines)", "\(style.stretchLines)", "\(style.wrap)",
         "\(style.gap)", "\(style.lineBreakLength as Double?)"]
    }

    @Test func everyWidgetsDefaultItemAndStyleAreWhatReadingGives() throws {
        let pairs = try Self.pairs()
        #expect(pairs.count > 20)
        for (name, quick, general) in pairs {
            for inner: Double? in [nil, 40] {
                let fast = try quick.flexItem(innerWidth: inner, innerHeight: inner)
                let read = try general.flexItem(innerWidth: inner, innerHeight: inner)
                #expect(Self.fields(fast) == Self.fields(read), "\(name)")
                #expect(fast.content === quick && read.content === general, "\(name)")
            }
            #expect(Self.fields(try quick.flexStyle()) == Self.fields(try general.flexStyle()), "\(name)")
        }
    }

    /// Attributes that are set are read over the widget's item, and only those.
    @Test func setAttributesAreReadOverTheDefaults() throws {
        let root = try makeNode("""
            <Row gap="2" justify="center" align="end" wrap="true">
                <Label text="a" width="7" minHeight="2" margin="1" alignSelf="start"/>
                <Label text="b" grow="3"/>
                <Column weight="2" padding="1"/>
                <Label text="d" height="50%"/>
            </Row>
            """)
        let style = try root.flexStyle()
        #expect(style.direction == .row && style.justify == .center && style.align == .end && style.wrap && style.gap == 2)
        let items = try root.children.map { try $0.flexItem(innerWidth: 80, innerHeight: nil) }
        #expect(items[0].width == 7 && items[0].minHeight == 2 && items[0].margin == 1 && items[0].alignSelf == .start)
        #expect(items[0].height == nil && items[0].grow == 0 && items[0].shrink == 1)
        #expect(items[1].grow == 3 && items[1].width == nil && items[1].alignSelf == nil)
        #expect(items[2].grow == 2 && items[2].insets == Size(width: 2, height: 2))
        #expect(items[3].height == nil && items[3].heightIsUnresolvedPercent)
    }

    /// A Label that sets none of `wrap`, `alignment` and `lines` measures as one that sets
    /// them to their defaults.
    @Test(arguments: ["short", "a line that wraps at the width it is given", "日本語のテキスト", "two\nlines"])
    func aLabelsDefaultTextLayoutMeasuresAsReadingIt(text: String) throws {
        let quick = try makeNode("<Label text=\"{t}\"/>", state: ["t": .string(text)])
        let general = try makeNode("<Label text=\"{t}\" wrap=\"word\" lines=\"0\" alignment=\"left\"/>", state: ["t": .string(text)])
        #expect(!quick.setsTextLayout && general.setsTextLayout)
        for width: Double? in [nil, 5, 12, 80] {
            #expect(try quick.measure(maxWidth: width) == general.measure(maxWidth: width))
        }
        let defaults = try #require(WidgetRegistry.standard.widget(named: "Label")).defaultTextLayout
        #expect(defaults.wrap == .word && defaults.alignment == .left && defaults.lines == 0)
    }
}
