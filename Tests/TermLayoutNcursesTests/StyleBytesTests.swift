import Testing
import TermLayout
@testable import TermLayoutNcurses

/// The backend's quick check that a cell looks as the one drawn before: the same bytes are
/// the same style, and styles that differ in any part are never taken for each other.
struct StyleBytesTests {
    private static let colors: [Color] = [.default, .palette(.red), .palette(.brightWhite), .rgb(1, 2, 3), .rgb(1, 2, 4),
                                          .rgba(red: 1, green: 2, blue: 3, alpha: 128)]
    private static let attributes: [TextStyle] = [[], .bold, [.bold, .underline], .reverse]

    private static var styles: [CellStyle] {
        colors.flatMap { foreground in
            colors.flatMap { background in attributes.map { CellStyle(foreground: foreground, background: background, attributes: $0) } }
        }
    }

    @Test func stylesAreTheSameExactlyWhenEqual() {
        let all = Self.styles
        for first in all {
            #expect(first.hasSameBytes(as: first))
            for second in all where second != first {
                #expect(!first.hasSameBytes(as: second), "\(first) and \(second)")
            }
        }
        #expect(CellStyle.plain.hasSameBytes(as: CellStyle()))
    }
}
