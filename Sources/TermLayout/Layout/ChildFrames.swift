/// A flex container's children's frames, read once for all of them as the renderer walks
/// down: each child's frame relative to the container is its arrangement's frame moved by
/// the container's insets, which is what `frame()` gives a flex item read from outside any
/// evaluation — without every child asking its parent for the arrangement and the insets
/// again (issue 32, 4c: a page of 400 labels asked 400 times).
struct ChildFrames {
    private let frames: [Rect]
    private let insetX: Double
    private let insetY: Double

    /// The frames of `container`'s children, or `nil` where `frame()` would not read them from
    /// the arrangement: a container that is no flex container, or a read inside an evaluation
    /// (a List's rows, drawn while the List's painter records its reads), where the frame
    /// cells record who reads them.
    init?(of container: LayoutNode) throws(Diagnostic) {
        guard container.layoutKind == .flex, container.tree.evaluationStack.isEmpty else { return nil }
        container.tree.settleIfNeeded()
        (insetX, insetY) = try container.insets()
        frames = try container.arrangement().frames
    }

    /// The frame of `child` (a child of the container, not hidden) relative to the
    /// container's frame, as `child.frame()` gives it; `nil` for a child that places itself
    /// (`left`/`top`, a Modal), whose frame its own expressions give.
    func frame(of child: LayoutNode) -> Rect? {
        guard !child.isAbsolutelyPositioned, child.index < frames.count else { return nil }
        let frame = frames[child.index]
        return Rect(x: frame.x + insetX, y: frame.y + insetY, width: frame.width, height: frame.height)
    }
}

extension ChildFrames {
    /// Where the renderer takes a node's frame from as it walks down: the node's own
    /// `frame()` (the node it starts from), or its parent's `ChildFrames` — not read yet
    /// (`pending`: the first child that shows reads them, so a container whose children are
    /// all hidden reads nothing, as when each child read its own frame), or read (`nil` where
    /// `frame()` does not read them from the arrangement). Handed from sibling to sibling on
    /// the renderer's stack, so no list of containers is made per frame.
    enum Placement {
        case own
        case pending
        case read(ChildFrames?)
    }
}
