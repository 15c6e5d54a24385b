import Testing
import TermLayout
@testable import TermLayoutNcurses

/// The start-up probe's answers read out of the input: OSC 11, the kitty flags, DA1; keys
/// kept; garbage and splits survived.
struct TerminalProbeParserTests {
    private func parse(_ text: String, splitEvery step: Int = .max) -> TerminalProbeParser {
        var parser = TerminalProbeParser()
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + min(step, bytes.count))
            parser.feed(bytes[start..<end])
            start = end
        }
        parser.finish()
        return parser
    }

    private let xtermAnswer = "\u{1B}]11;rgb:ffff/ffff/dddd\u{1B}\\\u{1B}[?1u\u{1B}[?62;22c"

    @Test func aWholeAnswerGivesBackgroundFlagsAndCompletion() {
        let parser = parse(xtermAnswer)
        #expect(parser.result == TerminalProbeResult(background: .rgb(255, 255, 221), keyboardFlags: 1, answeredDeviceAttributes: true))
        #expect(parser.isComplete)
        #expect(parser.leftover.isEmpty)
    }

    @Test func answersSplitAnywhereAreStillRecognised() {
        for step in 1...7 {
            let parser = parse(xtermAnswer, splitEvery: step)
            #expect(parser.result.background == .rgb(255, 255, 221), "split every \(step)")
            #expect(parser.result.keyboardFlags == 1)
            #expect(parser.leftover.isEmpty)
        }
    }

    @Test func oscEndedByBELAndOneToFourDigitsAChannel() {
        #expect(parse("\u{1B}]11;rgb:0/8/f\u{07}").result.background == .rgb(0, 136, 255))
        #expect(parse("\u{1B}]11;rgb:00/80/ff\u{07}").result.background == .rgb(0, 128, 255))
        #expect(parse("\u{1B}]11;rgb:000/800/fff\u{07}").result.background == .rgb(0, 128, 255))
        #expect(parse("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\").result.background == .rgb(30, 30, 46))
        #expect(parse("\u{1B}]11;rgba:ffff/0000/0000/ffff\u{07}").result.background == .rgb(255, 0, 0))
    }

    @Test func garbageGivesNoColourAndNoFlags() {
        for text in ["\u{1B}]11;rgb:zz/00/00\u{07}", "\u{1B}]11;rgb:00000/0/0\u{07}", "\u{1B}]11;rgb:0/0\u{07}",
                     "\u{1B}]11;rgb:/0/0\u{07}", "\u{1B}]11;#ffffff\u{07}", "\u{1B}]10;rgb:ff/ff/ff\u{07}",
                     "\u{1B}[?u", "\u{1B}[?1;2u", "\u{1B}[?99999999999u", "\u{1B}[?-1u"] {
            let parser = parse(text)
            #expect(parser.result == TerminalProbeResult(), "\(text.debugDescription)")
            #expect(parser.leftover.isEmpty, "an answer is never a key: \(text.debugDescription)")
        }
        #expect(parse("\u{1B}[?31u").result.keyboardFlags == 31)
        #expect(parse("\u{1B}[?123456789u").result.keyboardFlags == 123_456_789)
    }

    @Test func keysTypedAroundTheAnswersAreKeptInOrder() {
        let parser = parse("j\u{1B}[A\u{1B}]11;rgb:0/0/0\u{07}é\u{1B}x\u{1B}[200~p\u{1B}[201~\u{1B}[?62c\u{1B}")
        #expect(parser.result.background == .rgb(0, 0, 0))
        #expect(parser.isComplete)
        #expect(String(decoding: parser.leftover, as: UTF8.self) == "j\u{1B}[Aé\u{1B}x\u{1B}[200~p\u{1B}[201~\u{1B}")
    }

    @Test func aControlCharacterInsideASequenceEndsIt() {
        let parser = parse("\u{1B}[1\rk")
        #expect(String(decoding: parser.leftover, as: UTF8.self) == "\u{1B}[1\rk")
    }

    @Test func anEndlessOSCStringIsDroppedAndReadingGoesOn() {
        let parser = parse("\u{1B}]11;" + String(repeating: "a", count: 2000) + "\u{07}z\u{1B}[?0u")
        #expect(parser.result.keyboardFlags == 0)
        #expect(String(decoding: parser.leftover, as: UTF8.self) == "z")
    }

    /// Found in trial B4: past 512 bytes an answer used to be given up and its rest typed.
    @Test func aMegabyteAnswerIsDroppedToItsEndHoldingNoneOfIt() {
        let huge = String(repeating: "f", count: 1 << 20)
        for answer in ["\u{1B}]11;rgb:" + huge + "\u{07}", "\u{1B}]11;rgb:" + huge + "\rINJECTED\r\u{1B}\\",
                       "\u{1B}[?" + String(repeating: "1", count: 1 << 20) + "u", "\u{1B}[" + String(repeating: ";", count: 5000) + "A"] {
            var parser = TerminalProbeParser()
            var held = 0
            for chunk in Array(("x" + answer + "y\u{1B}[?0u\u{1B}[?62c").utf8).chunks(of: 4096) {
                parser.feed(chunk)
                held = max(held, parser.heldCount)
            }
            parser.finish()
            #expect(held <= TerminalProbeParser.sequenceLimit + 1)
            #expect(parser.result.keyboardFlags == 0 && parser.isComplete)
            #expect(String(decoding: parser.leftover, as: UTF8.self) == "xy", "\(answer.prefix(12).debugDescription)")
            #expect(parser.unfinished == nil)
        }
    }

    @Test func anAnswerBegunWhenTheWaitEndsIsHandedOnNotTypedButALoneEscapeIsAKey() {
        // A slow link: DA1's first bytes came before the wait ended, the rest after.
        let split = parse("\u{1B}[?6")
        #expect(split.isInsideAnswer == false && split.leftover.isEmpty)
        #expect(split.unfinished == .controlSequence)
        let osc = parse("\u{1B}]11;rgb:ff")
        #expect(osc.leftover.isEmpty && osc.unfinished == .controlString(afterEscape: false))
        // ESC alone may be the Escape key: kept as a key.
        let escape = parse("j\u{1B}")
        #expect(escape.leftover == Array("j\u{1B}".utf8) && escape.unfinished == nil)
        var open = TerminalProbeParser()
        open.feed(Array("\u{1B}[".utf8))
        #expect(open.isInsideAnswer)
        open.feed(Array("?62;22c".utf8))
        #expect(!open.isInsideAnswer && open.isComplete)
    }

    @Test func anOverlongAnswerCutOffByTheBudgetIsHandedOnToBeDropped() {
        var parser = TerminalProbeParser()
        parser.feed(Array(("k\u{1B}]11;rgb:" + String(repeating: "f", count: 1000) + "\u{1B}").utf8))
        parser.finish()
        #expect(String(decoding: parser.leftover, as: UTF8.self) == "k")
        #expect(parser.unfinished == .controlString(afterEscape: true))
        var decoder = KeyDecoder()
        decoder.continueDropping(parser.unfinished ?? .controlSequence)
        var events: [InputEvent] = []
        for scalar in "\\z".unicodeScalars { decoder.feed(.scalar(scalar.value), into: &events) }
        #expect(events == [.character("z")])

        var csi = TerminalProbeParser()
        csi.feed(Array(("\u{1B}[?" + String(repeating: "1", count: 600)).utf8))
        csi.finish()
        #expect(csi.leftover.isEmpty && csi.unfinished == .controlSequence)
        var rest = KeyDecoder()
        rest.continueDropping(.controlSequence)
        events = []
        for scalar in "111uz".unicodeScalars { rest.feed(.scalar(scalar.value), into: &events) }
        #expect(events == [.character("z")])
    }
}

extension Array {
    /// The array in consecutive pieces of at most `size` elements.
    fileprivate func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
