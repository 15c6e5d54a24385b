import Testing
import TermLayout
@testable import TermLayoutNcurses

/// Nothing the decoder holds open can lock the keys out: escape prefixes and pastes without
/// an end marker time out (on a clock the test sets, so no sleeping).
struct KeyDecoderTimeoutTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    /// Feeds `text` at `milliseconds` as one drained batch, then expires at the same time.
    func feed(_ text: String, at milliseconds: Int, into decoder: inout KeyDecoder) -> [InputEvent] {
        var events: [InputEvent] = []
        for scalar in text.unicodeScalars { decoder.feed(.scalar(scalar.value), at: at(milliseconds), into: &events) }
        decoder.endBatch(inputDrained: true, at: at(milliseconds), into: &events)
        decoder.expire(at: at(milliseconds), into: &events)
        return events
    }

    func expire(at milliseconds: Int, _ decoder: inout KeyDecoder) -> [InputEvent] {
        var events: [InputEvent] = []
        decoder.expire(at: at(milliseconds), into: &events)
        return events
    }

    @Test func anUnterminatedPasteEndsAfterAQuietTimeAndLaterKeysAreKeys() {
        var decoder = KeyDecoder()
        #expect(feed("\u{1B}[200~pasted", at: 0, into: &decoder).isEmpty, "reported whole, when it ends")
        #expect(decoder.deadline == at(0) + KeyDecoder.pasteQuietTime)
        #expect(expire(at: 50, &decoder).isEmpty, "still quiet for less than the quiet time")
        #expect(expire(at: 250, &decoder) == [.text("pasted")], "the paste is over")
        #expect(decoder.deadline == nil)
        // Before, these were pasted text for ever: q and Ctrl-C never arrived as keys.
        #expect(feed("q", at: 1000, into: &decoder) == [.character("q")])
        #expect(feed("\u{03}", at: 1100, into: &decoder) == [.control("c")])
    }

    @Test func aPasteKeepsGoingWhileBytesKeepComing() {
        var decoder = KeyDecoder()
        _ = feed("\u{1B}[200~a", at: 0, into: &decoder)
        #expect(feed("b", at: 150, into: &decoder).isEmpty)
        #expect(feed("c\u{1B}[201~q", at: 300, into: &decoder) == [.text("abc"), .character("q")])
        #expect(decoder.deadline == nil)
    }

    @Test func aPasteTakesAtMostItsLimitAndDropsTheRestUntilItEnds() {
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        for scalar in "\u{1B}[200~".unicodeScalars { decoder.feed(.scalar(scalar.value), at: at(0), into: &events) }
        for _ in 0..<KeyDecoder.pasteLimit { decoder.feed(.scalar(0x61), at: at(0), into: &events) }
        // Beyond the limit: not pasted, and not keys either (Ctrl-C, q, Enter).
        for value: UInt32 in [0x03, 0x71, 0x0D, 0x62] { decoder.feed(.scalar(value), at: at(0), into: &events) }
        decoder.endBatch(inputDrained: true, at: at(0), into: &events)
        #expect(events.isEmpty)
        events = expire(at: 250, &decoder)
        #expect(events.count == 1)
        if case .text(let text)? = events.first { #expect(text.utf8.count == KeyDecoder.pasteLimit) } else { Issue.record("no text") }
        #expect(feed("q", at: 300, into: &decoder) == [.character("q")], "after the quiet time, keys again")
    }

    @Test func aLoneEscapeBracketTimesOutAsEscapeAndTheNextKeyIsReadFresh() {
        var decoder = KeyDecoder()
        #expect(feed("\u{1B}[", at: 0, into: &decoder).isEmpty)
        #expect(decoder.deadline == at(0) + KeyDecoder.sequenceTimeout)
        #expect(expire(at: 150, &decoder) == [.escape])
        // Before, `q` 0.5 s later ended the sequence `ESC [ q` and was dropped.
        #expect(feed("q", at: 500, into: &decoder) == [.character("q")])
    }

    @Test func otherPrefixesTimeOutToo() {
        var decoder = KeyDecoder()
        _ = feed("\u{1B}O", at: 0, into: &decoder)
        #expect(expire(at: 150, &decoder) == [.escape])
        #expect(feed("x", at: 200, into: &decoder) == [.character("x")])
        _ = feed("\u{1B}[1;", at: 300, into: &decoder)
        #expect(expire(at: 450, &decoder) == [.escape])
        // An unterminated OSC string is dropped, not typed, and does not swallow later keys.
        _ = feed("\u{1B}]52;c;aGk=", at: 500, into: &decoder)
        #expect(expire(at: 650, &decoder).isEmpty)
        #expect(feed("q", at: 700, into: &decoder) == [.character("q")])
    }

    /// Found in trial B4: a late answer of 1 MB was given up after 4 KB and its rest typed,
    /// its CR pressing Enter and its BEL Ctrl-G.
    @Test func aMegabyteLateAnswerIsDroppedToItsEnd() {
        let huge = String(repeating: "f", count: 1 << 20)
        for answer in ["\u{1B}]11;rgb:" + huge + "\rINJECTED\r\u{07}", "\u{1B}]11;rgb:" + huge + "\r\u{1B}\\",
                       "\u{1B}P" + huge + "\u{1B}\\", "\u{1B}[?" + String(repeating: "1", count: 1 << 20) + "u"] {
            var decoder = KeyDecoder()
            #expect(feed(answer + "q", at: 0, into: &decoder) == [.character("q")], "\(answer.prefix(12).debugDescription)")
            #expect(decoder.deadline == nil)
        }
    }

    @Test func aWholeSequenceIsNotCutByTheTimeout() {
        var decoder = KeyDecoder()
        #expect(feed("\u{1B}[99~z", at: 0, into: &decoder) == [.character("z")])
        #expect(decoder.deadline == nil)
        #expect(expire(at: 1000, &decoder).isEmpty)
    }
}
