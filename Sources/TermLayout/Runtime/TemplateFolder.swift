import Foundation

/// Where an app's templates are: the source folder while developing (so saving a template
/// reloads it live), the app's bundled resources when shipped.
///
/// ```swift
/// // Sources/Counter/main.swift, with templates in Sources/Counter/Templates/
/// let folder = TemplateFolder.automatic(bundled: Bundle.module.resourcePath.map { $0 + "/Templates" })
/// let app = LayoutApp(template: folder.path("Counter.xml"), state: ["count": 0])
/// ```
public struct TemplateFolder: Sendable, Hashable {
    /// The folder's path.
    public let path: String

    /// A folder at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The file `name` in this folder.
    public func path(_ name: String) -> String {
        PathName.joining(path, name)
    }

    /// The environment variable that points at a templates folder, overriding the others.
    public static let environmentVariable = "TERMLAYOUT_TEMPLATES"

    /// The folder to use, in order: `$TERMLAYOUT_TEMPLATES`; the `subfolder` beside the
    /// calling source file (`#filePath`), when it exists — a checkout, where editing works;
    /// then `bundled` (such as a SwiftPM resource folder); else the source folder anyway.
    public static func automatic(subfolder: String = "Templates", bundled: String? = nil,
                                 filePath: StaticString = #filePath) -> TemplateFolder {
        if let variable = ProcessInfo.processInfo.environment[environmentVariable], !variable.isEmpty {
            return TemplateFolder(path: variable)
        }
        let source = beside(filePath, subfolder: subfolder)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), isDirectory.boolValue { return source }
        if let bundled { return TemplateFolder(path: bundled) }
        return source
    }

    /// The `subfolder` beside a source file: `TemplateFolder.beside(#filePath)`.
    public static func beside(_ filePath: StaticString = #filePath, subfolder: String = "Templates") -> TemplateFolder {
        TemplateFolder(path: PathName.joining(PathName.folder(of: "\(filePath)"), subfolder))
    }
}
