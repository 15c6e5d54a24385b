// Backends: the ncurses backend. Deciding quickly whether a cell looks as the one before.
import Foundation
import TermLayout

extension CellStyle {
    /// Whether `other` is stored as the same bytes, which makes it the same style. Equal
    /// styles may differ in bytes a colour's case leaves unused, so `false` means only "not
    /// known to be equal": fit for a cache's check, where a miss costs only the work cached.
    ///
    /// The backend asks this for every cell it draws. The derived `==` compares each colour
    /// case by case, through an `Optional` around the cached style: about 120 instructions a
    /// cell, 2–3% of a frame where 1,000 labels change (issue 32, 3a).
    func hasSameBytes(as other: CellStyle) -> Bool {
        withUnsafeBytes(of: self) { mine in
            withUnsafeBytes(of: other) { theirs in
                memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0
            }
        }
    }
}
