// swift-tools-version: 6.1
import PackageDescription

// Release-mode benchmarks, kept in their own package so that apps depending on TermLayout
// never resolve or build the benchmark harness. Run from the repository root:
//
//     swift package --package-path Benchmarks benchmark
//
// One executable per stage of the data flow, each in Benchmarks/<Name>/.
func benchmarkTarget(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            "BenchmarkFixtures",
            .product(name: "TermLayout", package: "TermLayout"),
            .product(name: "TermLayoutNcurses", package: "TermLayout"),
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "SystemPackage", package: "swift-system"),
        ],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "TermLayoutBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TermLayout", path: ".."),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.4.0"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: ["ExpressionBenchmarks", "TemplateBenchmarks", "LayoutBenchmarks", "RenderBenchmarks", "TerminalBenchmarks", "RuntimeBenchmarks",
              "ScaleBenchmarks", "LogBenchmarks", "TreeBenchmarks", "SelectBenchmarks", "TableBenchmarks", "MarkdownBenchmarks",
              "CommandPaletteBenchmarks", "TextAreaBenchmarks", "LspCompletionBenchmarks", "LspBenchmarks", "LoadBenchmarks"].map(benchmarkTarget) + [
        .target(
            name: "BenchmarkFixtures",
            dependencies: [.product(name: "TermLayout", package: "TermLayout"), .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/BenchmarkFixtures"
        ),
        // The TermLayout app of the side-by-side run with Textual (SideBySide/run.py builds it
        // with --static-swift-stdlib and runs it in a pty): no benchmark harness in it.
        .executableTarget(
            name: "SideBySideApp",
            dependencies: [
                .product(name: "TermLayout", package: "TermLayout"),
                .product(name: "TermLayoutNcurses", package: "TermLayout"),
            ],
            path: "SideBySide/TermLayoutApp"
        ),
    ],
    swiftLanguageModes: [.v6]
)
