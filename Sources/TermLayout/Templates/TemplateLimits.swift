/// The limits that keep loading and evaluating a template bounded whatever its text: each
/// is reached only by a template that is broken or hostile, and ends in a clear error naming
/// the limit and where it was crossed.
///
/// Loading has one budget per load (`LoadBudget`: files, elements, styled runs, nesting),
/// and a node tree one per evaluation pass — a frame, a `render`, a `check` — for what
/// expressions expand and produce at run time (`EvaluationBudget`), so neither a live
/// reload nor a state change can take unbounded time or memory.
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
    /// How many styled runs — text pieces and inline elements (`<b>`, `<br/>`, `<span>` …) —
    /// label bodies may have in all, counting a file each time it is included. Each run is
    /// evaluated whenever its label is measured or drawn.
    public static let maximumStyledRuns = 200_000
    /// How deep macros may use macros (`<macro name="b" value="a + 1"/>` is one level).
    public static let maximumMacroDepth = 64
    /// How many macro uses one use of a macro may expand, counting the macros it uses and
    /// theirs (doubling macros grow exponentially).
    public static let maximumMacroExpansions = 10_000
    /// How many macro uses one evaluation pass of a node tree may expand, over all its
    /// properties: a macro is expanded wherever it is used.
    public static let maximumMacroExpansionsPerPass = 1_000_000
    /// How many bytes of text one evaluation pass of a node tree may produce: string values
    /// of properties and macros, and label runs (16 MiB).
    public static let maximumTextPerPass = 16 * 1024 * 1024
}
