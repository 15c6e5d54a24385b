/// The limits that keep loading and evaluating a template bounded whatever its text: each
/// is reached only by a template that is broken or hostile, and ends in a clear error.
public enum TemplateLimits {
    /// The largest template, strings or styles file read, in bytes (16 MiB).
    public static let maximumFileSize = 16 * 1024 * 1024
    /// How many files deep `xml=`, `template=` and `row=` includes may nest.
    public static let maximumIncludeDepth = 64
    /// How deep elements may nest in the composed tree, counting each include as a level
    /// (one file alone is limited to the same depth by the XML reader).
    public static let maximumNestingDepth = 256
    /// How many elements a template may have once every include is expanded, counting a
    /// file each time it is included (an include "diamond" multiplies quickly). Far above a
    /// real screen — the benchmarks lay out 100,001 nodes — and far below what a diamond of
    /// a few small files reaches (10^8 for eight files each including the next ten times).
    public static let maximumElementCount = 1_000_000
    /// How deep macros may use macros (`<macro name="b" value="a + 1"/>` is one level).
    public static let maximumMacroDepth = 64
    /// How many macro uses one evaluation may expand (doubling macros grow exponentially).
    public static let maximumMacroExpansions = 10_000
}
