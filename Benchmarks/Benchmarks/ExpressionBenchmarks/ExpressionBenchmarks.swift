import Benchmark
import TermLayout

/// A resolver that reads symbols by index from an array, as nodes do once an expression's
/// symbols are bound: the cost measured is the expression engine's, not a dictionary's.
final class SlotResolver: SymbolResolver {
    var slots: [Value]
    init(_ slots: [Value]) { self.slots = slots }
    func value(of symbol: Symbol) throws(ExpressionError) -> Value { slots[symbol.index] }
}

/// Representative layout and template expressions.
let layoutExpressions = [
    "(100% - 15) / 2",
    "(w - 15) / 2",
    "parent.width - previous.right - 2",
    "max(#header.height, 3) + min(a, b, 10)",
    "isSelected ? #00f : #ccc",
    "count > 0 && !hidden ? count * 2 : 0",
]

let benchmarks: @Sendable () -> Void = {
    let perIteration = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .mega)

    Benchmark("parse+compile layout expressions (6 exprs)", configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            for source in layoutExpressions { blackHole(try ParsedExpression(source)) }
        }
    }

    // Each expression alone, to compare with AnyExpression parsing the same source.
    for source in layoutExpressions {
        Benchmark("parse+compile \(source)", configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try ParsedExpression(source)) }
        }
    }

    Benchmark("parse+compile string \"Hello {name}, you have {n + 1} new messages\"", configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try ParsedExpression("Hello {name}, you have {n + 1} new messages", mode: .string))
        }
    }

    let percent = try! ParsedExpression("(100% - 15) / 2")
    let noSymbols = SlotResolver([])
    Benchmark("eval (100% - 15) / 2", configuration: perIteration) { benchmark in
        let context = EvaluationContext(resolver: noSymbols, percentBase: 100)
        for _ in benchmark.scaledIterations { blackHole(try percent.evaluate(in: context)) }
    }

    let half = try! ParsedExpression("(w - 15) / 2")
    let width = SlotResolver([100])
    Benchmark("eval (w - 15) / 2 [slot resolver]", configuration: perIteration) { benchmark in
        let context = EvaluationContext(resolver: width)
        for _ in benchmark.scaledIterations { blackHole(try half.evaluate(in: context)) }
    }

    let dictionary = DictionaryResolver(state: ["w": 100])
    Benchmark("eval (w - 15) / 2 [dictionary resolver]", configuration: perIteration) { benchmark in
        let context = EvaluationContext(resolver: dictionary)
        for _ in benchmark.scaledIterations { blackHole(try half.evaluate(in: context)) }
    }

    let ternary = try! ParsedExpression("count > 0 && !hidden ? count * 2 : 0")
    let ternaryState = SlotResolver([5, false])
    Benchmark("eval count > 0 && !hidden ? count * 2 : 0", configuration: perIteration) { benchmark in
        let context = EvaluationContext(resolver: ternaryState)
        for _ in benchmark.scaledIterations { blackHole(try ternary.evaluate(in: context)) }
    }

    let functions = try! ParsedExpression("max(a, 3) + min(a, b, 10)")
    let functionState = SlotResolver([4, 7])
    Benchmark("eval max(a, 3) + min(a, b, 10)", configuration: perIteration) { benchmark in
        let context = EvaluationContext(resolver: functionState)
        for _ in benchmark.scaledIterations { blackHole(try functions.evaluate(in: context)) }
    }

    let greeting = try! ParsedExpression("Hello {name}, you have {n + 1} new messages", mode: .string)
    let greetingState = SlotResolver(["Ada", 2])
    Benchmark("eval \"Hello {name}, you have {n + 1} new messages\"", configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        let context = EvaluationContext(resolver: greetingState)
        for _ in benchmark.scaledIterations { blackHole(try greeting.evaluate(in: context)) }
    }

    // Inside nodes (issue 14: "evaluation inside nodes"): `(w - 15) / 2` as a property of
    // 1,000 labels, `w` a state key three levels up. One state change, then each label's
    // width re-read: per label, invalidating it, evaluating it through its bound symbols and
    // recording what it read — the whole cost of a node's evaluation after a change.
    let inNodes = try! LayoutNode(template: TemplateLoader().load(text: """
        <Column>\(String(repeating: "<Row><Column><Label text=\"x\" width=\"(w - 15) / 2\"/></Column></Row>", count: 1_000))</Column>
        """, path: "Widths.xml").get(), state: ["w": 100])
    let labels = inNodes.children.map { $0.children[0].children[0] }
    Benchmark("eval (w - 15) / 2 in 1,000 nodes after a state change (per node)", configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        // One state change (a new value every time), shared by the thousand re-reads; the
        // figure is per node.
        var next = 0
        let evaluationsBefore = inNodes.evaluationCount
        for _ in benchmark.scaledIterations {
            if next == labels.count { next = 0 }
            if next == 0 {
                // A value other than the current one (re-setting the same value would leave
                // every width cached).
                let w: Value = inNodes.currentState["w"] == 100 ? 101 : 100
                try inNodes.setState(["w": w])
            }
            blackHole(try labels[next].value(of: "width"))
            next += 1
        }
        // Every read must have evaluated, not returned a cached value.
        let evaluations = inNodes.evaluationCount - evaluationsBefore
        if evaluations != benchmark.scaledIterations.count {
            benchmark.error("\(evaluations) evaluations for \(benchmark.scaledIterations.count) reads")
        }
    }

    // The same two halves apart. The evaluation: the thousand widths re-read after the state
    // change (made before the measurement starts) — per node, finding the property, running
    // its expression through the bound slots and caching the value.
    Benchmark("eval (w - 15) / 2 in 1,000 nodes, the re-reads alone (per node)", configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        let w: Value = inNodes.currentState["w"] == 100 ? 101 : 100
        try inNodes.setState(["w": w])
        let evaluationsBefore = inNodes.evaluationCount
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations { blackHole(try labels[index].value(of: "width")) }
        benchmark.stopMeasurement()
        if inNodes.evaluationCount - evaluationsBefore != labels.count { benchmark.error("cached reads") }
    }
    // The invalidation: the state change itself, with the thousand widths valid before it
    // (read before the measurement starts) — for all 1,000 readers.
    Benchmark("state change invalidating 1,000 nodes' (w - 15) / 2 (all of them)", configuration: .init(metrics: [.wallClock, .mallocCountTotal])) { benchmark in
        for label in labels { blackHole(try label.value(of: "width")) }
        let w: Value = inNodes.currentState["w"] == 100 ? 101 : 100
        benchmark.startMeasurement()
        try inNodes.setState(["w": w])
        benchmark.stopMeasurement()
    }

    // Issue 28: "did you mean" for a typo among 300,000 string keys as long as it (once
    // ~3.5 s each); the work is bounded by a letter filter and a cap on measured distances.
    let stringKeys = (0..<300_000).map { "Key.Number.\(100_000 + $0)" }
    Benchmark("suggestion among 300k string keys", configuration: .init(metrics: [.wallClock], maxIterations: 50)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Suggestions.didYouMean("Key.Numbr.123456", among: stringKeys)) }
    }
    let fewKeys = Array(stringKeys.prefix(10_000))
    Benchmark("suggestion among 10k string keys", configuration: .init(metrics: [.wallClock], maxIterations: 200)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Suggestions.didYouMean("Key.Numbr.100123", among: fewKeys)) }
    }
}
