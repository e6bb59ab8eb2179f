extension MarkupWriter {
    /// What every class and keyframe name of the image with canonical key `key` starts with: `pr-`, eight hex digits
    /// of the key's XXH64 and `-` (`pr-3f2a9c1d-`). Two different images pasted into one page share no name, so
    /// neither's style reaches the other or the page, and the same image always gets the same names.
    static func namePrefix(forKey key: String) -> [UInt8] {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        let hash = XXHash64.hash(Array(key.utf8))
        var prefix: [UInt8] = Array("pr-".utf8)
        for shift in stride(from: 60, through: 32, by: -4) {
            prefix.append(digits[Int((hash >> UInt64(shift)) & 0xF)])
        }
        prefix.append(UInt8(ascii: "-"))
        return prefix
    }

    /// Appends the image's name `short` (`p` for the first ring or bar, `p1`… for the others) behind its prefix.
    mutating func name(_ short: StaticString, _ index: Int = 0) {
        bytes.append(contentsOf: namePrefix)
        raw(short)
        if index > 0 { integer(index) }
    }

    /// Appends a class selector for the image's name `short`: `.pr-3f2a9c1d-p`.
    mutating func selector(_ short: StaticString, _ index: Int = 0) {
        bytes.append(UInt8(ascii: "."))
        name(short, index)
    }
}

extension MarkupWriter {
    /// Appends ` class="…"` with the image's name `short`.
    mutating func classAttribute(_ short: StaticString, _ index: Int = 0) {
        raw(" class=\"")
        name(short, index)
        raw("\"")
    }
}

extension MarkupWriter {
    /// The property a style rule colors.
    enum Paint {
        case fill, stroke
    }

    /// Appends one style rule that colors the image's name `short`: `.pr-3f2a9c1d-c1{fill:#2563eb}`.
    mutating func colorRule(_ short: StaticString, index: Int = 0, _ paint: Paint, _ c: RGBAColor) {
        selector(short, index)
        raw(paint == .fill ? "{fill:" : "{stroke:")
        color(c)
        raw("}")
    }
}
