import Foundation
import TermLayout

/// The issue-14 screen: `count` labels in rows of ten inside a ScrollView (Textual's
/// comparison), as template text. The sixth label of the first row reads `{count}`, so a
/// state change alters one label on screen.
public func labelGridTemplate(count: Int) -> String {
    var xml = "<ScrollView>\n<Column>\n"
    xml.reserveCapacity(count * 36)
    for row in 0..<(count / 10) {
        xml += "<Row>"
        for column in 0..<10 {
            let index = row * 10 + column
            xml += index == 5 ? "<Label text=\"{count}\" width=\"12\"/>" : "<Label text=\"L\(index)\" width=\"12\"/>"
        }
        xml += "</Row>\n"
    }
    xml += "</Column>\n</ScrollView>\n"
    return xml
}

/// Writes the label grid to a fresh temporary folder and returns the file's path.
public func writeLabelGrid(count: Int) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("termlayout-grid-\(count)-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("Grid.xml")
    try labelGridTemplate(count: count).write(to: file, atomically: true, encoding: .utf8)
    return file.path
}
