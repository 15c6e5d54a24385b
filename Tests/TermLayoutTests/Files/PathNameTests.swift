import Testing
@testable import TermLayout

/// Path arithmetic is total: the short and odd paths users type give an answer, never a trap
/// (Foundation's `deletingLastPathComponent` died with SIGILL on a one-character name).
struct PathNameTests {
    @Test(arguments: [
        ("a", "."), (".", "."), ("./", "."), ("/", "/"), ("..", "."), ("a/", "."), ("", "."),
        ("-dash.xml", "."), ("a/b.xml", "a"), ("a/b/", "a"), ("/a", "/"), ("./a.xml", "."),
        ("my folder/ünïcødé 你好.xml", "my folder"), ("../x/y.xml", "../x"),
    ])
    func folders(_ path: String, _ folder: String) {
        #expect(PathName.folder(of: path) == folder)
    }

    @Test(arguments: [
        ("a", "a"), ("a/", "a"), ("/", "/"), ("", ""), ("-dash.xml", "-dash.xml"), ("x/Main.xml", "Main.xml"),
        ("my folder/ünïcødé 你好.xml", "ünïcødé 你好.xml"), ("..", ".."),
    ])
    func names(_ path: String, _ name: String) {
        #expect(PathName.name(of: path) == name)
    }

    @Test func joining() {
        #expect(PathName.joining(".", "a.xml") == "./a.xml")
        #expect(PathName.joining("", "a.xml") == "a.xml")
        #expect(PathName.joining("/", "a.xml") == "/a.xml")
        #expect(PathName.joining("dir/", "a.xml") == "dir/a.xml")
        #expect(PathName.joining("dir", "/etc/x") == "/etc/x")
        #expect(PathName.joining("my folder", "ü 你.xml") == "my folder/ü 你.xml")
    }

    @Test func extensions() {
        #expect(PathName.replacingExtension(of: "Main.xml", with: "state.json") == "Main.state.json")
        #expect(PathName.replacingExtension(of: "a/b.c/Main.xml", with: "state.json") == "a/b.c/Main.state.json")
        #expect(PathName.replacingExtension(of: "a", with: "state.json") == "a.state.json")
        #expect(PathName.replacingExtension(of: "-dash.xml", with: "state.json") == "-dash.state.json")
        #expect(PathName.replacingExtension(of: "", with: "state.json") == ".state.json")
    }

    @Test func templateFoldersOfShortPaths() {
        #expect(TemplateFolder(path: ".").path("a.xml") == "./a.xml")
        #expect(TemplateFolder(path: "").path("a.xml") == "a.xml")
        #expect(TemplateFolder.beside("a", subfolder: "Templates").path == "./Templates")
        #expect(TemplateFolder.beside("/", subfolder: "Templates").path == "/Templates")
    }
}
