import Testing
import TermLayout
@testable import TermLayoutNcurses

/// The kitty keyboard protocol's key events (`CSI code;mods u`), xterm's modifyOtherKeys
/// (`CSI 27;mods;code ~`), the legacy forms with modifiers it keeps, and Alt as ESC plus a
/// key: each becomes the ``InputEvent`` a binding names; releases, garbage and huge numbers
/// are dropped, never typed.
struct KittyKeyDecodingTests {
    func decode(_ text: String) -> [InputEvent] { decodeKeys(text) }

    @Test func enterWithModifiers() {
        #expect(decode("\u{1B}[13u") == [.enter])
        #expect(decode("\u{1B}[13;1u") == [.enter])
        #expect(decode("\u{1B}[13;2u") == [.modified(.enter, [.shift])])
        #expect(decode("\u{1B}[13;5u") == [.modified(.enter, [.control])])
        #expect(decode("\u{1B}[13;3u") == [.modified(.enter, [.alt])])
        #expect(decode("\u{1B}[13;6u") == [.modified(.enter, [.shift, .control])])
        #expect(decode("\u{1B}[57414;2u") == [.modified(.enter, [.shift])])  // the keypad's Enter
    }

    @Test func tabBackspaceAndEscape() {
        #expect(decode("\u{1B}[9u") == [.tab])
        #expect(decode("\u{1B}[9;2u") == [.backTab])
        #expect(decode("\u{1B}[9;5u") == [.modified(.tab, [.control])])
        #expect(decode("\u{1B}[127u") == [.backspace])
        #expect(decode("\u{1B}[127;5u") == [.modified(.backspace, [.control])])
        #expect(decode("\u{1B}[127;3u") == [.modified(.backspace, [.alt])])
        #expect(decode("\u{1B}[27u") == [.escape])  // no escape delay: the protocol names it
        #expect(decode("\u{1B}[27;2u") == [.modified(.escape, [.shift])])
    }

    @Test func ctrlAndAltWithLettersAndText() {
        #expect(decode("\u{1B}[99;5u") == [.control("c")])  // Ctrl-C still quits
        #expect(decode("\u{1B}[112;5u") == [.control("p")])
        #expect(decode("\u{1B}[115;6u") == [.modified(.control("s"), [.shift])])
        #expect(decode("\u{1B}[115;7u") == [.modified(.control("s"), [.alt])])
        #expect(decode("\u{1B}[120;3u") == [.modified(.character("x"), [.alt])])
        #expect(decode("\u{1B}[120;4u") == [.modified(.character("X"), [.alt])])
        #expect(decode("\u{1B}[49:33;4u") == [.modified(.character("!"), [.alt])])  // shifted key given
        #expect(decode("\u{1B}[120;33u") == [.modified(.character("x"), [.alt])])  // Meta is Alt
        #expect(decode("\u{1B}[120;65u") == [.character("x")])  // Caps Lock is left out
        #expect(decode("\u{1B}[97u\u{1B}[233u") == [.character("a"), .character("é")])
        #expect(decode("\u{1B}[97;2u") == [.character("A")])
        #expect(decode("\u{1B}[32;5u") == [.modified(.character(" "), [.control])])
    }

    @Test func keypadAndFunctionKeys() {
        #expect(decode("\u{1B}[57399u\u{1B}[57408u\u{1B}[57413u") == [.character("0"), .character("9"), .character("+")])
        #expect(decode("\u{1B}[57417u\u{1B}[57420;5u") == [.left, .modified(.down, [.control])])
        #expect(decode("\u{1B}[57421u\u{1B}[57424u\u{1B}[57426u") == [.pageUp, .end, .delete])
        #expect(decode("\u{1B}[57376u") == [.function(13)])
        #expect(decode("\u{1B}[1;5P\u{1B}[1;2S") == [.modified(.function(1), [.control]), .modified(.function(4), [.shift])])
        #expect(decode("\u{1B}[15;5~\u{1B}[24;2~\u{1B}[3;5~") == [.modified(.function(5), [.control]), .modified(.function(12), [.shift]),
                                                                .modified(.delete, [.control])])
        #expect(decode("\u{1B}[1;5A\u{1B}[1;2F") == [.modified(.up, [.control]), .modified(.end, [.shift])])
        #expect(decode("\u{1B}[1;1D") == [.left])
    }

    @Test func modifyOtherKeysAsTmuxSendsThem() {
        #expect(decode("\u{1B}[27;2;13~") == [.modified(.enter, [.shift])])
        #expect(decode("\u{1B}[27;5;13~") == [.modified(.enter, [.control])])
        #expect(decode("\u{1B}[27;5;105~") == [.control("i")])
        #expect(decode("\u{1B}[27;2;9~") == [.backTab])
    }

    @Test func repeatsArePressesAndReleasesAreDropped() {
        #expect(decode("\u{1B}[13;2:2u") == [.modified(.enter, [.shift])])
        #expect(decode("\u{1B}[13;2:3u\u{1B}[97;1:3u\u{1B}[1;5:3A").isEmpty)
        #expect(decode("\u{1B}[13;1:1u") == [.enter])
    }

    @Test func releasesArriveOnlyWhenAskedFor() {
        var decoder = KeyDecoder()
        decoder.reportsReleases = true
        var events: [InputEvent] = []
        for scalar in "\u{1B}[27;1:3u\u{1B}[13;2:3u\u{1B}[1;2:3A\u{1B}[6;5:3~\u{1B}[97;1:2u\u{1B}[97;1:4u".unicodeScalars {
            decoder.feed(.scalar(scalar.value), into: &events)
        }
        #expect(events == [.released(.escape), .released(.modified(.enter, [.shift])), .released(.modified(.up, [.shift])),
                           .released(.modified(.pageDown, [.control])), .character("a")])
    }

    @Test func altAsEscapeThenAKeyWithoutTheProtocol() {
        #expect(decode("\u{1B}\r") == [.modified(.enter, [.alt])])
        #expect(decode("\u{1B}x") == [.modified(.character("x"), [.alt])])
        #expect(decode("\u{1B}\u{7F}") == [.modified(.backspace, [.alt])])
        #expect(decode("\u{1B}\u{13}") == [.modified(.control("s"), [.alt])])
        #expect(decode("\u{1B}\u{1C}").isEmpty)  // Alt with Ctrl-\: no key
        #expect(decode("\u{1B}[200~a\u{1B}xb\u{1B}[13;2uc\u{1B}[201~") == [.text("abc")])  // in a paste: not keys
    }

    @Test func garbageAndHugeNumbersAreDroppedNotTyped() {
        let garbage = [
            "\u{1B}[99999999999999999999999;2u", "\u{1B}[13;99999999999999u", "\u{1B}[13;0u", "\u{1B}[13;257u",
            "\u{1B}[1114112u", "\u{1B}[55296u", "\u{1B}[57344u", "\u{1B}[57441;2u", "\u{1B}[0u", "\u{1B}[3u",
            "\u{1B}[u", "\u{1B}[;;u", "\u{1B}[13;;;;;u", "\u{1B}[13.5;2u", "\u{1B}[13;2;999999999u", "\u{1B}[?31u", "\u{1B}[>1u",
            "\u{1B}[13;9u", "\u{1B}[97;17u", "\u{1B}[27;2~", "\u{1B}[27;-2;13~", "\u{1B}[27;2;99999999~", "\u{1B}[2;5~",
            "\u{1B}[1;999999A", "\u{1B}[5;1:3~", "\u{1B}[::::u", "\u{1B}[13;2:::::u",
            "\u{1B}[" + String(repeating: "9", count: 100) + "u", "\u{1B}[13;" + String(repeating: "2", count: 5000) + "u",
        ]
        for sequence in garbage {
            #expect(decode(sequence + "z") == [.character("z")], "\(sequence.debugDescription)")
        }
    }

    @Test func splitAcrossReadsItIsStillOneKey() {
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        let now = ContinuousClock.now
        for chunk in ["\u{1B}", "[1", "3;", "2", "u", "\u{1B}[57", "414u"] {
            for scalar in chunk.unicodeScalars { decoder.feed(.scalar(scalar.value), at: now, into: &events) }
            decoder.endBatch(inputDrained: false, at: now, into: &events)
        }
        #expect(events == [.modified(.enter, [.shift]), .enter])
        // A prefix that never ends is Escape after the timeout, and the keys work again.
        for scalar in "\u{1B}[13;".unicodeScalars { decoder.feed(.scalar(scalar.value), at: now, into: &events) }
        decoder.expire(at: now + KeyDecoder.sequenceTimeout, into: &events)
        for scalar in "a".unicodeScalars { decoder.feed(.scalar(scalar.value), at: now, into: &events) }
        #expect(events == [.modified(.enter, [.shift]), .enter, .escape, .character("a")])
    }
}
