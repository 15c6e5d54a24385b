/// The one way a user-supplied number — from state, a template, a style or a strings
/// argument — becomes an integer, a length or a flex weight.
///
/// Numbers in the expression language are any finite `Double`, so a template may say
/// `width="1e19"` and a state file `{"selection": -1e300}`. Swift's `Int(_: Double)` traps
/// on NaN, infinities and anything outside `Int`'s range, and lengths near `1e308` become
/// infinite (then NaN) once added up. Every conversion goes through here instead: NaN
/// becomes the allowed value nearest zero, everything else the nearest allowed value.
public enum Clamp {
    /// Integers whose neighbours are exact as doubles (±2^53): indices and counts stay in
    /// this range, so `selection + page` can neither overflow nor lose precision.
    public static let integers = -(1 << 53)...(1 << 53)

    /// Lengths and positions in points stay within ±this: far beyond any screen, and small
    /// enough that sums of thousands of them stay finite and exact to a fraction of a cell.
    public static let lengthLimit = 1e9

    /// Cell coordinates and sizes stay within ±this, so nothing allocates or loops per cell
    /// of a rectangle a template made absurdly large.
    public static let cellLimit = 1_000_000

    /// Flex weights (`grow`, `weight`, `shrink`) stay within `0...this`.
    public static let weightLimit = 1e6

    /// `value` rounded by `rule`, as the nearest integer in `range`; NaN gives the value of
    /// `range` nearest zero. Inlined, so a call's rule is known where it is made (rounding by a
    /// rule known only at run time goes through a switch and the rule's type metadata: about
    /// 100 instructions, twice for every label measured).
    @inline(__always)
    public static func int(_ value: Double, in range: ClosedRange<Int> = integers,
                           rounding rule: FloatingPointRoundingRule = .towardZero) -> Int {
        guard !value.isNaN else { return min(max(0, range.lowerBound), range.upperBound) }
        let rounded = value.rounded(rule)
        // `Double(Int.max)` rounds up to 2^63, so `>=` also catches values just past the top.
        if rounded >= Double(range.upperBound) { return range.upperBound }
        if rounded <= Double(range.lowerBound) { return range.lowerBound }
        return Int(rounded)
    }

    /// A length or position in points, within ±``lengthLimit`` (NaN: 0).
    public static func length(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -lengthLimit), lengthLimit)
    }

    /// A flex weight, within `0...`\ ``weightLimit`` (NaN: 0).
    public static func weight(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), weightLimit)
    }
}
