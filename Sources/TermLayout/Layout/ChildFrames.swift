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
    /// A container whose children the renderer is about to draw, its `ChildFrames` read when
    /// the first child that shows needs its frame (a container whose children are all hidden
    /// reads nothing, as when each child read its own frame).
    struct Pending {
        /// The container.
        let container: LayoutNode
        private var frames: ChildFrames?
        private var isRead = false

        init(_ container: LayoutNode) {
            self.container = container
        }

        /// The frame of `child`, one of the container's children, relative to the container,
        /// or `nil` when the child must compute its own (`frame()`).
        mutating func frame(of child: LayoutNode) throws(Diagnostic) -> Rect? {
            if !isRead {
                frames = try ChildFrames(of: container)
                isRead = true
            }
            return frames?.frame(of: child)
        }
    }
}
