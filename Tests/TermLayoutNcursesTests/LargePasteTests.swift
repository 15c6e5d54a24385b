import Foundation
import Testing
import TermLayout
@testable import TermLayoutNcurses

/// A large bracketed paste is one edit and one frame, however many reads it takes, and
/// costs time in proportion to its size. No timing is asserted: the pastes are large enough
/// (1–2 MB) that a cost growing with the square of the size would take minutes.
struct LargePasteTests {
    /// What the repro pasted: ASCII, CJK and an emoji, 20 bytes a round.
    static func pasted(bytes: Int) -> String { String(repeating: "abcdefghij你好😀", count: bytes / 20) }

    /// The longest run of whole scalars from the front of `text` within `limit` UTF-8 bytes.
    static func prefix(of text: String, bytes limit: Int) -> String {
        var result = String.UnicodeScalarView(), used = 0
        for scalar in text.unicodeScalars {
            used += UTF8.width(scalar)
            if used > limit { break }
            result.append(scalar)
        }
        return String(result)
    }

    @Test func aPasteReadSlowerThanItsQuietTimeIsStillOneTextAndTheRestBeyondTheLimitIsDropped() {
        // 2 MB in 4 KB reads, each read taking longer than the quiet time from its first
        // byte to its last (as a debug build reading byte by byte does). Before, the quiet
        // time counted from a read's start, so the paste ended during its first read and the
        // rest was typed as keys — in a text field, one edit of the whole text per read.
        let start = ContinuousClock.now
        let text = Self.pasted(bytes: 2_000_000)
        let input = Array(("\u{1B}[200~" + text + "\u{1B}[201~q").unicodeScalars)
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        var time = start
        for read in stride(from: 0, to: input.count, by: 4096) {
            for scalar in input[read..<min(read + 4096, input.count)] { decoder.feed(.scalar(scalar.value), at: time, into: &events) }
            time += .milliseconds(300)
            decoder.endBatch(inputDrained: true, at: time, into: &events)
            decoder.expire(at: time, into: &events)
        }
        #expect(events.count == 2)
        #expect(events.first == .text(Self.prefix(of: text, bytes: KeyDecoder.pasteLimit)), "the first MiB, in one text")
        #expect(events.last == .character("q"), "after the end marker, keys again")
        #expect(decoder.deadline == nil)
    }
}

extension EventLoopTests {
    @Test func aOneMegabytePasteThroughAPtyIsOneEditOfATextField() throws {
        let (pty, terminal, loop) = try open()
        defer { terminal.close() }
        let form = try LayoutNode(template: TemplateLoader().load(text: """
            <TextField text="{name}" change="changed"/>
            """, path: "Form.xml").get(), state: ["name": ""])
        form.screenSize = (40, 10)
        let interaction = Interaction(root: form)
        final class Edits { var count = 0 }
        let edits = Edits()
        interaction.onAction = { _, _ in edits.count += 1 }
        let renderer = IncrementalRenderer(Renderer(usesHardwareCursor: true))
        let text = LargePasteTests.pasted(bytes: 1_000_000)
        // From another thread: the pty holds only a few KB until the loop reads them.
        Thread.detachNewThread { pty.type("\u{1B}[200~" + text + "\u{1B}[201~") }
        // As the app's loop does: each batch handled, then one frame, until the paste is in
        // and a moment has passed with nothing more. The deadline only ends a broken run.
        let deadline = Date().addingTimeInterval(300)
        var frames = 0, quietSince: Date?
        while Date() < deadline, quietSince.map({ Date().timeIntervalSince($0) < 0.5 }) ?? true {
            var batch = loop.next()[...]
            var handled = false
            while let event = interaction.takeEvent(from: &batch) {
                try interaction.handle(event)
                handled = true
            }
            if handled {
                _ = try renderer.render(form, columns: 40, rows: 10)
                frames += 1
            }
            if edits.count > 0, quietSince == nil { quietSince = Date() }
        }
        // All of it: before, a read that caught up with the writer in the middle of a
        // character lost that character's first bytes (a KB or so a megabyte).
        #expect(form.currentState["name"] == .string(text))
        #expect(edits.count == 1, "one edit, not one per read")
        #expect(frames == 1)
        let screen = try renderer.render(form, columns: 40, rows: 10)
        #expect(screen.lines[0].hasSuffix("😀 "), "the end of the paste shows, the cursor after it")
    }
}

/// Bytes read one at a time become characters, whichever read their bytes came in.
struct UTF8AssemblyTests {
    func scalars(_ bytes: [UInt8], into assembly: inout UTF8Assembly) -> [UInt32] {
        bytes.compactMap { assembly.push($0) }
    }

    @Test func aCharacterSplitAcrossReadsIsKeptAndMalformedBytesAreDropped() {
        var assembly = UTF8Assembly()
        let text = Array("a你😀é".utf8)
        // Every split point: the first part, then (a later read) the rest.
        for split in 0...text.count {
            let got = scalars(Array(text[..<split]), into: &assembly) + scalars(Array(text[split...]), into: &assembly)
            #expect(got == "a你😀é".unicodeScalars.map(\.value), "split at \(split)")
        }
        // A stray continuation byte, a broken-off character (its next byte read anew), an
        // overlong form, a surrogate, bytes never in UTF-8: dropped.
        #expect(scalars([0x80, 0x62, 0xE4, 0xBD, 0x63, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xFF, 0x64], into: &assembly) == [0x62, 0x63, 0x64])
    }
}
