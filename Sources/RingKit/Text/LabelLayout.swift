/// Where a ring's label goes: its lines, size and baselines. Shared by the SVG and PNG renderers, so both break and
/// place the text the same way.
///
/// A label is legible or absent: it is drawn at `minimumFontSize` px or more. Without an explicit `fontSize`, it takes
/// the largest size at which it fits comfortably inside the hole, on one line, or on two lines broken at a space (or between CJK characters) when
/// one line would be smaller than the minimum; when even two lines would be, there is no label (the automatic
/// percentage on a ring too small for it), or the URL is refused (a template, see `RingSpec.checkLabelFits`).
public struct LabelLayout: Sendable, Hashable {
    /// The smallest label drawn, in CSS pixels (at scale 1).
    public static let minimumFontSize = 6.0
    /// Distance between two lines' baselines, in em.
    static let lineSpacing = 1.2

    public let lines: [String]
    public let fontSize: Double
    /// One per line, on whole pixels: crisper digits, and text layout engines (Pango in librsvg) snap baselines.
    public let baselines: [Double]

    /// The layout of `text` in a hole of `innerRadius` around `center`; nil when it cannot be legible there.
    /// `fontSize` given by the URL is used as it is, on one line.
    init?(_ text: String, center: Double, innerRadius: Double, bold: Bool, fontSize given: Double?) {
        if let given, given.isFinite, given > 0 {
            self.init(lines: [text], fontSize: given, center: center)
            return
        }
        let single = Self.fittingFontSize([text], innerRadius: innerRadius, bold: bold)
        if single >= Self.minimumFontSize {
            self.init(lines: [text], fontSize: single, center: center)
            return
        }
        guard let split = Self.twoLines(text, bold: bold) else { return nil }
        let double = Self.fittingFontSize(split, innerRadius: innerRadius, bold: bold)
        guard double >= Self.minimumFontSize else { return nil }
        self.init(lines: split, fontSize: double, center: center)
    }

    private init(lines: [String], fontSize: Double, center: Double) {
        self.lines = lines
        self.fontSize = fontSize
        let lift = fontSize * TextMetrics.halfCapHeight
        if lines.count == 1 {
            baselines = [(center + lift).rounded()]
        } else {
            let half = fontSize * Self.lineSpacing / 2
            baselines = [(center - half + lift).rounded(), (center + half + lift).rounded()]
        }
    }

    /// The largest size, in whole tenths of a pixel, at which the lines' box fits well inside the inner circle,
    /// capped so that short labels do not dwarf the ring.
    static func fittingFontSize(_ lines: [String], innerRadius: Double, bold: Bool) -> Double {
        func fitting(measuredAt size: Double) -> Double {
            let widest = lines.map { TextMetrics.drawnWidth(of: $0, bold: bold, at: size) }.max() ?? 0
            let halfWidth = widest / 2
            let halfHeight = drawnHalfHeight(lines, bold: bold, at: size)
            // The box's corners stay within 80 % of the inner radius, leaving air between text and stroke.
            let fit = 0.8 * innerRadius / (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
            let capped = Swift.min(fit, 0.56 * innerRadius)
            return Swift.max(0, (capped * 10).rounded(.down) / 10)
        }
        var size = fitting(measuredAt: 100)
        guard lines.contains(where: TextMetrics.hasMark) else { return size }
        // Pango draws a glyphless mark's box in another shape at small sizes (one row of hex digits, not two), so
        // text with marks is measured again at the size chosen, smaller each time, until it holds there.
        for _ in 0..<60 where size >= minimumFontSize {
            let again = fitting(measuredAt: size)
            if again >= size { break }
            size = Swift.min(again, size - 0.1)
        }
        return size
    }

    /// Half the height of the lines' box in em, measured as drawn (`TextMetrics.drawnHalfHeight`): marks stacked
    /// on the letters make it taller than the cap height.
    static func drawnHalfHeight(_ lines: [String], bold: Bool, at size: Double = 100) -> Double {
        let half =
            lines.map { TextMetrics.drawnHalfHeight(of: $0, bold: bold, at: size) }.max() ?? TextMetrics.halfCapHeight
        return half + Double(lines.count - 1) * lineSpacing / 2
    }

    /// The diameter of the smallest hole in which `text` fits at `minimumFontSize`, on one line or on two.
    static func holeNeeded(for text: String, bold: Bool) -> Double {
        var layouts = [[text]]
        if let split = twoLines(text, bold: bold) { layouts.append(split) }
        let radii = layouts.map { lines -> Double in
            let halfWidth =
                (lines.map { TextMetrics.drawnWidth(of: $0, bold: bold, at: minimumFontSize) }.max() ?? 0) / 2
            let halfHeight = drawnHalfHeight(lines, bold: bold, at: minimumFontSize)
            let diagonal = (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
            // Inverts `fittingFontSize`: 0.8 R / diagonal ≥ m and 0.56 R ≥ m.
            return Swift.max(minimumFontSize * diagonal / 0.8, minimumFontSize / 0.56)
        }
        return 2 * (radii.min() ?? 0)
    }

    /// `text` broken where its wider line is narrowest: at a space, or between the characters of Chinese, Japanese
    /// and Korean, which break anywhere but before closing and after opening punctuation (Unicode's line breaking,
    /// UAX #14); nil when it has nowhere to break.
    static func twoLines(_ text: String, bold: Bool) -> [String]? {
        var best: (width: Double, lines: [String])? = nil
        func consider(_ first: Substring, _ second: Substring) {
            let first = first.trimmingSuffix(" ")
            let second = second.drop { $0 == " " }
            guard !first.isEmpty, !second.isEmpty else { return }
            let width = Swift.max(
                TextMetrics.drawnWidth(of: String(first), bold: bold),
                TextMetrics.drawnWidth(of: String(second), bold: bold))
            if best == nil || width < best!.width { best = (width, [String(first), String(second)]) }
        }
        var previous: Character? = nil
        for index in text.indices {
            let character = text[index]
            if character == " " {
                consider(text[..<index], text[text.index(after: index)...])
            } else if let before = previous, before != " ", Self.breaksBetween(before, character) {
                consider(text[..<index], text[index...])
            }
            previous = character
        }
        return best?.lines
    }

    /// Whether a line may break between `before` and `after`: one of them is an ideograph, kana or a Hangul
    /// syllable, `after` is no closing punctuation (`。`, `、`, `」`, `ー`…) and `before` no opening one (`「`, `（`…).
    static func breaksBetween(_ before: Character, _ after: Character) -> Bool {
        guard isIdeographic(before) || isIdeographic(after) else { return false }
        let noBreakBefore: Set<Character> = [
            "。", "、", "，", "．", "：", "；", "？", "！", "）", "」", "』", "】", "〕", "〉", "》", "ー", "ゝ", "ゞ", "々",
            "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "%", "％",
            ".", ",", ")", "!", "?", ":", ";",
        ]
        let noBreakAfter: Set<Character> = ["（", "「", "『", "【", "〔", "〈", "《", "(", "$", "#"]
        return !noBreakBefore.contains(after) && !noBreakAfter.contains(before)
    }

    /// Chinese, Japanese and Korean letters: CJK ideographs, kana and Hangul syllables.
    static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        switch scalar {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            return true
        default: return false
        }
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ character: Character) -> Substring {
        var result = self
        while result.last == character { result = result.dropLast() }
        return result
    }
}
