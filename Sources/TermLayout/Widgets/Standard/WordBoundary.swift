/// Where words start and end in a line of text, for the text widgets' word keys: Ctrl+←/→
/// move by words, Ctrl+Backspace and Alt+Backspace delete the word before the cursor,
/// Ctrl+Delete, Alt+Delete and Alt+D the word after it, Ctrl-W back to the last space.
///
/// A word is a run of letters (CJK ideographs and kana included, so a run of them with no
/// space is one word), digits, underscores and emoji; spaces and punctuation lie between
/// words.
enum WordBoundary {
    /// The start of the word before `index` in `characters`: back past spaces and
    /// punctuation, then past the word.
    static func start(before index: Int, in characters: [Character]) -> Int {
        var column = min(max(index, 0), characters.count)
        while column > 0, !isWordCharacter(characters[column - 1]) { column -= 1 }
        while column > 0, isWordCharacter(characters[column - 1]) { column -= 1 }
        return column
    }

    /// The end of the word after `index` in `characters`: on past spaces and punctuation,
    /// then past the word.
    static func end(after index: Int, in characters: [Character]) -> Int {
        var column = min(max(index, 0), characters.count)
        while column < characters.count, !isWordCharacter(characters[column]) { column += 1 }
        while column < characters.count, isWordCharacter(characters[column]) { column += 1 }
        return column
    }

    /// Where Ctrl-W deletes back to, as in a shell (readline's `unix-word-rubout`): back
    /// past whitespace, then past everything else up to the whitespace before it.
    static func spaceDelimitedStart(before index: Int, in characters: [Character]) -> Int {
        var column = min(max(index, 0), characters.count)
        while column > 0, characters[column - 1].isWhitespace { column -= 1 }
        while column > 0, !characters[column - 1].isWhitespace { column -= 1 }
        return column
    }

    /// Whether `character` belongs to a word: a letter, a digit, `_` or an emoji (shown as
    /// a picture: `🙂`, `❤️`, a flag, a family of joined ones).
    static func isWordCharacter(_ character: Character) -> Bool {
        if character.isLetter || character.isNumber || character == "_" { return true }
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        // `#`, `*` and digits are emoji only with U+FE0F or a keycap after them.
        return first.properties.isEmojiPresentation || scalars.count > 1
    }
}

/// The keys that delete a word in the text widgets.
enum WordDeletion {
    /// Ctrl+Backspace or Alt+Backspace (with Shift too): the word before the cursor. A
    /// terminal without the kitty keyboard protocol sends Ctrl+Backspace as `^H`, which is
    /// Backspace; Alt+Backspace arrives from every terminal (`ESC DEL`).
    static func backward(_ event: InputEvent) -> Bool {
        guard case .modified(.backspace, let modifiers) = event else { return false }
        return !modifiers.isDisjoint(with: [.control, .alt])
    }

    /// Ctrl+Delete, Alt+Delete (with Shift too) or Alt+D: the word after the cursor.
    static func forward(_ event: InputEvent) -> Bool {
        switch event {
        case .modified(.delete, let modifiers): !modifiers.isDisjoint(with: [.control, .alt])
        case .modified(.character("d"), [.alt]): true
        default: false
        }
    }
}
