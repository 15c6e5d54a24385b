/// Evaluating a whole subtree at once, as Layout evaluates every expression of a node when
/// it updates: for `check --state`, and for what a drawn frame did not read.
extension LayoutNode {
    /// Evaluates every property set in this subtree, returning the problems found. One
    /// evaluation pass: once its budget is spent, the error is reported once and evaluation stops.
    public func evaluateAll() -> [Diagnostic] {
        // Laid out first, as rendering does: a stack child's size read by its stack's items
        // (`height="width"`) is what its expressions give only while the stack sizes them.
        // An error is cached and reported by its property (a spent budget, once, here).
        do { _ = try cellFrames() } catch where tree.budget.isExhausted { return [error] } catch {}
        beginEvaluationPass()
        return evaluateSubtree()
    }

    /// Evaluates every property of the hidden parts of this subtree (hidden nodes, pages of
    /// Tabs not selected, Modals not presented), which drawing skips: after a frame is drawn,
    /// what it did not read is checked too, as Layout evaluates every expression.
    public func evaluateHiddenParts() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var work = [self]
        while let node = work.popLast(), !tree.budget.isExhausted {
            if node.isHidden {
                problems += node.evaluateSubtree()
            } else {
                work += node.children.reversed()
            }
        }
        return problems
    }

    /// Evaluates every property set in this subtree, and a sample row of each List.
    private func evaluateSubtree() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var work = [self], sampleRows: [LayoutNode] = []
        defer { withExtendedLifetime(sampleRows) {} }
        while let node = work.popLast(), !tree.budget.isExhausted {
            for name in node.template.properties.keys.sorted() where !tree.budget.isExhausted {
                // A constant (`text="Save"`, `width="12"`) was checked when it loaded.
                if !node.hasOverrides, node.template.properties[name]?.constantValue != nil { continue }
                do { _ = try node.value(of: name) } catch { problems.append(error) }
            }
            if node.hasBody {
                do { _ = try node.styledText() } catch { problems.append(error) }
            }
            // A List's row template, evaluated with its first item. Rows know their parent
            // weakly, like every node, so the sample is kept alive until the end.
            if let rows = node.listRows {
                do {
                    if let row = try rows.sampleRow() {
                        sampleRows.append(row)
                        work.append(row)
                    }
                } catch {
                    problems.append(error)
                }
            }
            // A Table's columns, evaluated with its first row.
            if node.widget.childLayout == .tableColumns {
                do { work += try TableWidget.storage(of: node).sampleCells(of: node) } catch { problems.append(error) }
            }
            work += node.children.reversed()
        }
        return problems
    }
}
