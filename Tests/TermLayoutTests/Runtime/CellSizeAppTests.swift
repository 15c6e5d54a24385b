import Foundation
import Testing
@testable import TermLayout

/// Points per cell in a `LayoutApp`: from the template's root (`cell="4x8"`), from Swift
/// (`Options.cellMetric`, `app.cellMetric`), which wins, and kept across reloads. Layout's
/// frames are points (LayoutNode.swift:2246); a reload (`LayoutNode.update()`,
/// LayoutNode.swift:2768) does not change the screen's scale.
@MainActor
struct CellSizeAppTests {
    /// `X` at 40×16 points: column 10, row 2 at 4×8 points per cell; column 5, row 1 at 8×16.
    static let screen = "<View cell=\"4x8\"><Label left=\"40\" top=\"16\" text=\"X\"/></View>"

    func position(of text: String, in pilot: Pilot<[String: Value]>) -> [Int] {
        pilot.position(of: text).map { [$0.column, $0.row] } ?? []
    }

    @Test func theTemplatesCellSizeHoldsAcrossReloads() async throws {
        let fixture = try TemplateFixture(["Main.xml": Self.screen])
        let app = LayoutApp(template: fixture.path("Main.xml"))
        let pilot = Pilot(app, columns: 20, rows: 5)
        #expect(position(of: "X", in: pilot) == [10, 2])
        app.reload()
        try await pilot.settle()
        #expect(position(of: "X", in: pilot) == [10, 2])
        #expect(app.cellMetric == CellMetric(pointsPerColumn: 4, pointsPerRow: 8))
    }

    @Test func oneSetFromSwiftWinsOverTheTemplatesAndHoldsAcrossReloads() async throws {
        let fixture = try TemplateFixture(["Main.xml": Self.screen])
        var options = LayoutAppOptions()
        options.cellMetric = CellMetric(pointsPerColumn: 8, pointsPerRow: 16)
        let app = LayoutApp(template: fixture.path("Main.xml"), options: options)
        let pilot = Pilot(app, columns: 20, rows: 5)
        #expect(position(of: "X", in: pilot) == [5, 1])
        app.reload()
        try await pilot.settle()
        #expect(position(of: "X", in: pilot) == [5, 1])
    }

    @Test func settingItLaterRelaysTheScreenAndHoldsAcrossASave() async throws {
        let fixture = try TemplateFixture(["Main.xml": "<View><Label left=\"40\" top=\"16\" text=\"X\"/></View>"])
        let app = LayoutApp(template: fixture.path("Main.xml"))
        let pilot = Pilot(app, columns: 60, rows: 20)
        #expect(position(of: "X", in: pilot) == [40, 16])
        app.cellMetric = CellMetric(pointsPerColumn: 4, pointsPerRow: 8)
        try await pilot.settle()
        #expect(position(of: "X", in: pilot) == [10, 2])
        try Data("<View><Label left=\"40\" top=\"16\" text=\"Y\"/></View>".utf8).write(to: URL(fileURLWithPath: fixture.path("Main.xml")))
        #expect(pilot.waitForReload())
        #expect(position(of: "Y", in: pilot) == [10, 2])
        // Back to the template's own (none here: a point per cell).
        app.cellMetric = nil
        try await pilot.settle()
        #expect(position(of: "Y", in: pilot) == [40, 16])
    }
}
