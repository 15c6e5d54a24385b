import Foundation
import SystemPackage

/// Paths in the temporary folder for tests, built through `FilePath`.
public enum TemporaryPath {
    /// A path in the temporary folder that no other test uses: `PREFIX`, a fresh UUID, then
    /// `SUFFIX` (`unique("termlayout-render-", suffix: ".xml")`). Nothing is created there.
    public static func unique(_ prefix: String, suffix: String = "") -> String {
        FilePath(NSTemporaryDirectory()).appending("\(prefix)\(UUID().uuidString)\(suffix)").string
    }
}
