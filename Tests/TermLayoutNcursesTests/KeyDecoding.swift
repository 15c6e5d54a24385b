import TermLayout
@testable import TermLayoutNcurses

/// What a fresh `KeyDecoder` makes of `text` typed in one read (the decoding tests' input).
func decodeKeys(_ text: String) -> [InputEvent] {
    var decoder = KeyDecoder()
    var events: [InputEvent] = []
    let now = ContinuousClock.now
    for scalar in text.unicodeScalars { decoder.feed(.scalar(scalar.value), at: now, into: &events) }
    decoder.endBatch(inputDrained: true, at: now, into: &events)
    return events
}
