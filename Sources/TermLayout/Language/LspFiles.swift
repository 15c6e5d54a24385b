import Foundation

/// The files the requests read: an open document's text before the disk's, and URIs for
/// paths. A file on disk is read only as the template loader reads an include: through the
/// document's ``TemplateFileAccess`` — a regular file inside the template root (symlinks and
/// `..` resolved), at most ``TemplateLimits/maximumFileSize`` bytes — so no request makes the
/// server read a file the loader would refuse.
enum LspFiles {
    /// The text of the file at `path` if `access` permits it: the open document's when the
    /// client has it open (unsaved edits count), else the file's on disk, if it is a readable
    /// regular UTF-8 file inside the roots.
    static func text(ofPath path: String, documents: LspDocumentStore, access: TemplateFileAccess) -> String? {
        guard access.permits(TemplateFileAccess.canonical(path)) else { return nil }
        if let document = document(atPath: path, documents: documents) { return document.text }
        guard case .success(let data) = access.read(written: path),
              case .success(let text) = TextDecoding.strictUTF8(data, path: path) else { return nil }
        return text
    }

    /// The bytes of the file at `path` if `access` permits it: the open document's, else the
    /// file's on disk (any encoding, for strings files).
    static func data(ofPath path: String, documents: LspDocumentStore, access: TemplateFileAccess) -> Data? {
        guard access.permits(TemplateFileAccess.canonical(path)) else { return nil }
        if let document = document(atPath: path, documents: documents) { return Data(document.text.utf8) }
        guard case .success(let data) = access.read(written: path) else { return nil }
        return data
    }

    /// The line map of the document at `uri`: the open one, else the `file://` URI's file if
    /// `access` permits it.
    static func lines(of uri: String, documents: LspDocumentStore, access: TemplateFileAccess) -> LspLineMap? {
        if let document = documents[uri] { return document.lines }
        guard LspURI.isLocalFile(uri), let text = text(ofPath: LspURI.path(of: uri), documents: documents, access: access) else { return nil }
        return LspLineMap(text)
    }

    /// The open document whose file is `path`.
    static func document(atPath path: String, documents: LspDocumentStore) -> LspDocument? {
        documents.uris.sorted().lazy.compactMap { documents[$0] }.first { LspURI.path(of: $0.uri) == path }
    }

    /// The URI for `path`: the open document's own when the client has it open (so it finds
    /// its buffer), else a `file://` URI of the absolute path, percent-encoded.
    static func uri(forPath path: String, documents: LspDocumentStore) -> String {
        if let document = document(atPath: path, documents: documents) { return document.uri }
        return LspURI.uri(forPath: path)
    }

    /// Folders never searched for templates: the system's virtual file systems and build
    /// and dependency folders (hidden ones are skipped too).
    static let skippedFolders: Set<String> = ["proc", "sys", "dev", "node_modules", "DerivedData"]

    /// The template files `termlayout rename` would look at for a document at `path`: the
    /// `.xml` files in its folder and the folders below (not hidden ones, nor linked ones,
    /// nor ``skippedFolders``), at most `limit` files from at most `folders` folders, after
    /// looking at at most `entries` names in all — so a template opened at `/` or in `$HOME`
    /// does not make the server walk the disk — the document's own first.
    static func templatesAround(_ path: String, limit: Int = 2_000, folders: Int = 500, entries: Int = 20_000) -> [String] {
        let folder = PathName.folder(of: path)
        var found = [path]
        var pending = [folder.isEmpty ? "." : folder]
        var visited = 0
        var seen = 0
        while visited < folders, found.count < limit, seen < entries, !pending.isEmpty {
            let current = pending.removeFirst()
            visited += 1
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                seen += 1
                guard seen <= entries else { break }
                let child = PathName.joining(current, name)
                if FileReader.isSymbolicLink(child) { continue }
                if FileReader.isFolder(child) {
                    if pending.count < limit, !skippedFolders.contains(name) { pending.append(child) }
                } else if name.hasSuffix(".xml"), child != path, found.count < limit {
                    found.append(child)
                }
            }
        }
        return found
    }
}

extension LspURI {
    /// A `file://` URI for `path` (made absolute from the current folder), with every byte
    /// but unreserved ones and `/` percent-encoded.
    static func uri(forPath path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : PathName.joining(FileManager.default.currentDirectoryPath, path)
        var encoded = "file://"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded2
            }
        }
        return encoded
    }
}

private extension String {
    var leftPadded2: String { count < 2 ? "0" + self : self }
}
