// swift-tools-version: 6.1
import PackageDescription

// The data flow is visible in the folder layout of the `TermLayout` target:
// Values → Expressions → (Templates → Nodes → Layout → Rendering) → backends.
// The core needs no terminal, so everything in it is testable headless.
let package = Package(
    name: "TermLayout",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TermLayout", targets: ["TermLayout"]),
        .library(name: "TermLayoutNcurses", targets: ["TermLayoutNcurses"]),
        .executable(name: "termlayout", targets: ["TermLayoutCLI"]),
        // Demo: Todo (product)
        .executable(name: "Todo", targets: ["Todo"]),
        // Demo: Gallery and Boxes (products)
        .executable(name: "Gallery", targets: ["Gallery"]),
        .executable(name: "Boxes", targets: ["Boxes"]),
        // Demo: Dashboard
        .executable(name: "Dashboard", targets: ["Dashboard"]),
        // Demo: Notes
        .executable(name: "Notes", targets: ["Notes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        // FilePath: the one careful path type every file the tools touch goes through.
        .package(url: "https://github.com/apple/swift-system.git", from: "1.4.0"),
        // `swift package generate-documentation` / `preview-documentation`: the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .target(name: "TermLayout", dependencies: ["CTermLayoutSystem", .product(name: "SystemPackage", package: "swift-system")]),
        // The few calls into the C library that Swift's Glibc module does not offer (the
        // allocator's options), kept small and behind one function each.
        .target(name: "CTermLayoutSystem"),
        // The terminal: a system-library module for ncursesw, and a thin backend over it.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]),
        .target(name: "TermLayoutNcurses", dependencies: ["TermLayout", "CNcursesw", .product(name: "SystemPackage", package: "swift-system")]),
        .executableTarget(
            name: "TermLayoutCLI",
            dependencies: [
                "TermLayout",
                "TermLayoutNcurses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "TermLayoutTests",
            dependencies: ["TermLayout"],
            exclude: ["Layout/Fixtures"]  // read from the source tree by the fixture tests
        ),
        .testTarget(name: "TermLayoutNcursesTests", dependencies: ["TermLayoutNcurses"]),
        // Helpers shared by the end-to-end tests (a private tmux server, built executables).
        .target(name: "TestSupport", dependencies: [.product(name: "SystemPackage", package: "swift-system")], path: "Tests/TestSupport"),
        .testTarget(name: "TermLayoutCLITests", dependencies: ["TermLayoutCLI", "TestSupport", .product(name: "SystemPackage", package: "swift-system")],
                    exclude: ["Fixtures"]),  // Layout's samples, read from the source tree by the port tests
        // Demo: Todo
        .executableTarget(name: "Todo", dependencies: ["TermLayout", "TermLayoutNcurses", .product(name: "SystemPackage", package: "swift-system")], path: "Demos/Todo",
                          resources: [.copy("Templates")]),
        .testTarget(name: "TodoTests", dependencies: ["Todo", "TermLayout", "TestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        // Demo: Gallery and Boxes
        .executableTarget(name: "Gallery", dependencies: ["TermLayout", "TermLayoutNcurses"], path: "Demos/Gallery", resources: [.copy("Templates")]),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery", "TermLayout", "TestSupport"]),
        .executableTarget(name: "Boxes", dependencies: ["TermLayout", "TermLayoutNcurses"], path: "Demos/Boxes", resources: [.copy("Templates")]),
        .testTarget(name: "BoxesTests", dependencies: ["Boxes", "TermLayout", "TestSupport"]),
        // Demo: Dashboard
        .executableTarget(name: "Dashboard", dependencies: ["TermLayout", "TermLayoutNcurses"], path: "Demos/Dashboard",
                          resources: [.copy("Templates")]),
        .testTarget(name: "DashboardTests", dependencies: ["Dashboard", "TermLayout", "TestSupport"]),
        // Demo: Notes
        .executableTarget(name: "Notes", dependencies: ["TermLayout", "TermLayoutNcurses", .product(name: "SystemPackage", package: "swift-system")],
                          path: "Demos/Notes", resources: [.copy("Templates")]),
        .testTarget(name: "NotesTests", dependencies: ["Notes", "TermLayout", "TestSupport", .product(name: "SystemPackage", package: "swift-system")]),
    ],
    swiftLanguageModes: [.v6]
)
