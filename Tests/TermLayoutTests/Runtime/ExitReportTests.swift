import Testing
@testable import TermLayout

/// What `LayoutApp.run` prints to stderr when the app quits while the red box shows.
@MainActor
struct ExitReportTests {
    @Test func eachDiagnosticKeepsItsLinesAndControlCharactersStayVisible() {
        let source = SourceText(path: "Main.xml", text: "<Row><Label text=\"{load + 1}\"/></Row>\n")
        let typeError = Diagnostic(.error, "'text' must be a string", in: source, at: 18..<26, notes: ["see \u{1B}[31m"])
        let report = LayoutApp<[String: Value]>.exitReport([typeError, Diagnostic(.error, "second")])
        #expect(report == """
            Main.xml:1:19: error: 'text' must be a string
            <Row><Label text="{load + 1}"/></Row>
                              ^~~~~~~~
            note: see ␛[31m
            error: second

            """)
    }
}
