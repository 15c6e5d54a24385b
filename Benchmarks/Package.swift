// swift-tools-version: 6.1
import PackageDescription

// Release-mode benchmarks, kept in their own package so that apps depending on TermLayout
// never resolve or build the benchmark harness. Run from the repository root:
//
//     swift package --package-path Benchmarks benchmark
let package = Package(
    name: "TermLayoutBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TermLayout", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ExpressionBenchmarks",
            dependencies: [
                .product(name: "TermLayout", package: "TermLayout"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ExpressionBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TemplateBenchmarks",
            dependencies: [
                .product(name: "TermLayout", package: "TermLayout"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TemplateBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                .product(name: "TermLayout", package: "TermLayout"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
