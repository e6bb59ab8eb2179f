extension ErrorImage {
    /// Where the lines of an error image go; shared by both formats so they wrap the same way.
    ///
    /// An error image takes the place of the image asked for, so it keeps that image's width and height (an
    /// `<img width=128 height=128>` or a README line would squash or stretch anything else): the whole sentence at
    /// the largest size from the preferred one down to `legibleFontSize` that shows it, else as many lines as fit at
    /// the preferred size, the last ending in `…` (the whole sentence is in `X-Error`). Where not even one line
    /// naming the parameter fits at a legible size (a ring of 32 px), the card still keeps its size: one line of the
    /// sentence's start at the smallest size a label is drawn at, cut with `…`, or none where not even that fits. A
    /// page's layout never moves for an error.
    struct Layout {
        static let background = RGBAColor(0xfe, 0xf2, 0xf2)
        static let border = RGBAColor(0xdc, 0x26, 0x26)
        static let ink = RGBAColor(0x99, 0x1b, 0x1b)
        /// Lines beyond this are cut, the last one ending in `…`: an error image stays an image, not a document.
        static let maxLines = 12
        /// The smallest size an error's whole line is drawn at, in CSS pixels.
        static let legibleFontSize = 9.0
        /// The size of the sentence's start in an image too small for a legible line: the smallest a label is drawn
        /// at.
        static let smallestFontSize = 6.0
        /// The sides of an image: those of any ring, bar or badge.
        static let sides = 4...1024

        let message: String
        let width: Int
        let height: Int
        let fontSize: Double
        let lineHeight: Double
        let lines: [String]
        let top: Double

        /// The layout of a card for an image `width` × `height` (each clamped to 4…1024).
        init(message: String, width requestedWidth: Int, height requestedHeight: Int) {
            let text = RingGeometry.printable(message.isEmpty ? "error" : message)
            self.message = text
            let w = Swift.min(Swift.max(requestedWidth, Self.sides.lowerBound), Self.sides.upperBound)
            let h = Swift.min(Swift.max(requestedHeight, Self.sides.lowerBound), Self.sides.upperBound)
            let fitted = Self.fitted(text, width: w, height: h)
            (width, height) = (w, h)
            if let fitted {
                (fontSize, lines) = (fitted.fontSize, fitted.lines)
            } else {
                // Nothing legible fits: the sentence's start at the smallest size, in one line, where one fits.
                fontSize = Self.smallestFontSize
                let across = Double(w) - 2 * Self.padding(side: w, fontSize: fontSize)
                let down = Double(h) - 2 * Self.padding(side: h, fontSize: fontSize)
                var line = ""
                for character in Self.forms(of: text).last ?? text {
                    guard TextMetrics.width(of: line + String(character) + "…", bold: false) * fontSize <= across
                    else { break }
                    line.append(character)
                }
                lines = down >= fontSize * 1.1 && line.contains(where: { $0 != " " }) ? [line + "…"] : []
            }
            lineHeight = (fontSize * 1.3).rounded()
            top = ((Double(height) - Double(lines.count) * lineHeight) / 2).rounded()
        }

        /// The size a card `width` wide prefers: a tenth of it or so, 11…24 px.
        static func preferredFontSize(width: Int) -> Double {
            Swift.min(Swift.max((Double(width) / 11).rounded(), 11), 24)
        }

        /// The room around the text: up to a font size, less in a small image, at least 1 px inside the border.
        static func padding(side: Int, fontSize: Double) -> Double {
            Swift.min(fontSize, Swift.max(1, (Double(side) * 0.07).rounded()))
        }

        /// The sentence in a `width` × `height` card, or nil when not one line that names the parameter (what
        /// precedes the first `:`) fits at a legible size. The whole sentence where it fits, else the first of its
        /// shorter `forms` that fits whole, else the shortest cut to the lines that fit: a small card keeps what is
        /// wrong (`color: not a color`) rather than the start of the value given (`color: "…`).
        static func fitted(_ text: String, width: Int, height: Int) -> (fontSize: Double, lines: [String])? {
            let forms = forms(of: text)
            for form in forms {
                if let whole = whole(form, width: width, height: height) { return whole }
            }
            return cut(forms[forms.count - 1], width: width, height: height)
        }

        /// The sentence, then shorter forms of it for a card too small for the whole: without its closing
        /// parenthesis (what is accepted, who turns a feature on), then without the value given either
        /// (`size: out of range 16…1024`): the parameter and what is wrong with it.
        static func forms(of text: String) -> [String] {
            var forms = [text]
            var short = Substring(text)
            if short.hasSuffix(")"), let open = openingParenthesis(of: short), open > short.startIndex,
                short[short.index(before: open)] == " "
            {
                short = short[..<open].trimmingTrailingSpaces
                if short.contains(":") && short != text[...] { forms.append(String(short)) }
            }
            guard let colon = short.firstIndex(of: ":"), short[colon...].hasPrefix(": ") else { return forms }
            let name = short[...short.index(after: colon)]
            var rest = short[name.endIndex...]
            if rest.first == "\"" {
                var index = rest.index(after: rest.startIndex)
                while index < rest.endIndex && rest[index] != "\"" {
                    if rest[index] == "\\" { index = rest.index(after: index) }
                    if index < rest.endIndex { index = rest.index(after: index) }
                }
                guard index < rest.endIndex else { return forms }
                rest = rest[rest.index(after: index)...].drop { $0 == " " }
            } else if let first = rest.first, first.isNumber || "-+.@".contains(first),
                let space = rest.firstIndex(of: " ")
            {
                rest = rest[space...].drop { $0 == " " }
            } else {
                return forms
            }
            if rest.hasPrefix("is ") { rest = rest.dropFirst(3) }
            guard !rest.isEmpty else { return forms }
            forms.append(String(name + rest))
            return forms
        }

        /// Where the parenthesis that closes `text` opens, nested ones (`rgb()`) skipped.
        private static func openingParenthesis(of text: Substring) -> Substring.Index? {
            var depth = 0
            var index = text.endIndex
            while index > text.startIndex {
                index = text.index(before: index)
                if text[index] == ")" { depth += 1 }
                if text[index] == "(" {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            return nil
        }

        /// The room a card gives text of `size`: its width, and how many lines fit its height.
        private static func room(_ size: Double, width: Int, height: Int) -> (width: Double, lines: Int) {
            let across = Double(width) - 2 * padding(side: width, fontSize: size)
            let down = Double(height) - 2 * padding(side: height, fontSize: size)
            // Each line but the last takes its line height; the last, its ink (capitals and descenders).
            let lines = down < size * 1.1 ? 0 : 1 + Int((down - size * 1.1) / (size * 1.3).rounded())
            return (across, Swift.min(maxLines, lines))
        }

        /// Whether the first line begins with the parameter's name: a reader must at least see which is wrong.
        private static func named(_ lines: [String], in text: String) -> Bool {
            let name = text.firstIndex(of: ":").map { String(text[...$0]) } ?? String(text.prefix(6))
            return lines[0].hasPrefix(name)
        }

        /// `text` whole at the largest size from the preferred one down to `legibleFontSize` that shows it.
        private static func whole(_ text: String, width: Int, height: Int) -> (fontSize: Double, lines: [String])? {
            var size = preferredFontSize(width: width)
            while size >= legibleFontSize {
                let space = room(size, width: width, height: height)
                let lines = wrap(text, maxWidth: space.width, fontSize: size)
                let cut = lines.count == maxLines && lines[maxLines - 1].hasSuffix("…")
                if space.lines >= 1, lines.count <= space.lines, !cut, named(lines, in: text) { return (size, lines) }
                size -= 1
            }
            return nil
        }

        /// `text` at the largest legible size at which a line fits the height, its lines cut with `…`.
        private static func cut(_ text: String, width: Int, height: Int) -> (fontSize: Double, lines: [String])? {
            var size = preferredFontSize(width: width)
            while size > legibleFontSize && room(size, width: width, height: height).lines < 1 { size -= 1 }
            let space = room(size, width: width, height: height)
            guard space.lines >= 1 else { return nil }
            var lines = Array(wrap(text, maxWidth: space.width, fontSize: size).prefix(space.lines))
            var last = lines[lines.count - 1]
            if last.hasSuffix("…") { last.removeLast() }
            while !last.isEmpty && TextMetrics.width(of: last + "…", bold: false) * size > space.width {
                last.removeLast()
            }
            lines[lines.count - 1] = last + "…"
            return named(lines, in: text) ? (size, lines) : nil
        }

        /// Baseline of line `i`: the block of lines is centred vertically, each baseline a cap-height below the
        /// middle of its line.
        func baseline(ofLine i: Int) -> Double {
            top + (Double(i) + 0.5) * lineHeight + fontSize * TextMetrics.halfCapHeight
        }

        /// Breaks `text` into lines no wider than `maxWidth`: after a space, or after punctuation that ends a piece of
        /// a query (`, ; : / & = ) ] }` and `-`), never inside a word unless the word alone is wider than a line. Lines
        /// beyond `maxLines` are cut, the last one ending in `…`.
        static func wrap(_ text: String, maxWidth: Double, fontSize: Double) -> [String] {
            func width(_ s: Substring) -> Double { TextMetrics.width(of: String(s), bold: false) * fontSize }
            var lines: [Substring] = []
            var current: Substring = ""
            for piece in pieces(of: text) {
                let candidate = current + piece
                if width(candidate.trimmingTrailingSpaces) <= maxWidth {
                    current = Substring(candidate)
                    continue
                }
                if !current.trimmingTrailingSpaces.isEmpty { lines.append(current.trimmingTrailingSpaces) }
                current = piece.drop { $0 == " " }
                // A piece wider than a line by itself (a long word or value) is cut where the line is full.
                while width(current.trimmingTrailingSpaces) > maxWidth && lines.count <= maxLines {
                    var head = current.startIndex
                    while head < current.endIndex, width(current[...head]) <= maxWidth {
                        head = current.index(after: head)
                    }
                    if head == current.startIndex { head = current.index(after: head) }
                    lines.append(current[..<head])
                    current = current[head...]
                }
                if lines.count > maxLines { break }
            }
            if !current.trimmingTrailingSpaces.isEmpty { lines.append(current.trimmingTrailingSpaces) }
            if lines.isEmpty { lines = [""] }
            if lines.count > maxLines {
                lines.removeLast(lines.count - maxLines)
                var last = lines[maxLines - 1]
                while !last.isEmpty && width(last + "…") > maxWidth { last.removeLast() }
                lines[maxLines - 1] = Substring(last + "…")
            }
            return lines.map(String.init)
        }

        /// `text` cut after each break opportunity; the pieces put together are `text`.
        static func pieces(of text: String) -> [Substring] {
            var pieces: [Substring] = []
            var start = text.startIndex
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(after: index)
                let breaksAfter = ", ;:/&=)]}-".contains(text[index])
                // Several spaces or punctuation marks in a row stay with the piece they end.
                if breaksAfter && (next == text.endIndex || !", ;:/&=)]}-".contains(text[next])) {
                    pieces.append(text[start..<next])
                    start = next
                }
                index = next
            }
            if start < text.endIndex { pieces.append(text[start...]) }
            return pieces
        }
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: Substring {
        var result = self
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
