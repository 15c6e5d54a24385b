// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets, kept in their own package (like Benchmarks/) so that the root package's
// `swift build` and `swift test` never see a second `main`, and the `termlayout` executable is
// never linked with the fuzzer. Build and run them all with `scripts/fuzz.sh [SECONDS]`, or:
//
//     swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
//     Fuzz/.build/debug/FuzzExpression Fuzz/Corpus/FuzzExpression -dict=Fuzz/Dictionaries/expression.dict
//
// Each target is one file defining `LLVMFuzzerTestOneInput`; libFuzzer provides `main`, hence
// `-parse-as-library`. Built without `-sanitize=fuzzer` they do not link (no `main`).
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["CFuzzerDriver", "FuzzSupport", .product(name: "TermLayout", package: "TermLayout")],
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
}

let package = Package(
    name: "TermLayoutFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TermLayout", path: ".."),
    ],
    targets: ["FuzzMarkupReader", "FuzzTemplateLoader", "FuzzExpression", "FuzzMarkdown"].map(fuzzTarget) + [
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: [.product(name: "TermLayout", package: "TermLayout")]),
    ],
    swiftLanguageModes: [.v6]
)
