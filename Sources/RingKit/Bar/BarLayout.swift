/// Where everything of a bar image goes, shared by the SVG and PNG renderers: each bar's box and fill, and the labels
/// with their place (inside the bar where they fit, beside it where they do not) and the colors that read on what is
/// behind them.
public struct BarLayout: Sendable {
    /// Where the labels sit: all inside their bars, all beside them (in a column on the right), or nowhere.
    public enum Placement: Sendable, Hashable {
        case inside, beside, omitted, none
    }

    /// One bar.
    public struct Bar: Sendable {
        /// Top edge.
        public let y: Double
        /// Where the fill's right edge is, 0…`trackLength`.
        public internal(set) var fillLength: Double
        /// Where the fill's left edge is: 0, or with `neutral` the nearer of the neutral point and the value.
        public internal(set) var fillStart: Double
        public let fillColor: RGBAColor
        /// Where the fill fades to; `nil` is a solid fill.
        public let gradient: RGBAColor?
        public let track: RGBAColor?
        /// The label's text; `nil` draws none.
        public let label: String?
        /// The label's baseline.
        public let baseline: Double
        /// The label's color (the light one under `theme=auto`); for a label split at the fill's edge, its color
        /// over the track.
        public let textColor: RGBAColor
        /// Under `theme=auto`, the label's color where the viewer prefers a dark scheme, when it differs.
        public let darkTextColor: RGBAColor?
        /// For a label the fill's edge crosses (or will cross, while `animate` grows the fill): its color over the
        /// fill, left of `fillLength`; `textColor` is drawn right of it. `nil`: one color for the whole label.
        public let fillTextColor: RGBAColor?
        /// Under `theme=auto`, `fillTextColor` where the viewer prefers a dark scheme, when it differs.
        public let darkFillTextColor: RGBAColor?
    }

    /// The smallest length a bar keeps beside its labels.
    static let minimumTrack = 16.0

    public let width: Int
    public let height: Int
    public let barHeight: Double
    /// The length of every track: the whole width, less the labels' column when they sit beside.
    public let trackLength: Double
    public let radius: Double
    public let fontSize: Double
    public let placement: Placement
    public internal(set) var bars: [Bar]
    /// The accessible name: the spec's title, or `Progress: 72%`.
    public let title: String
    /// With labels that fit nowhere: the width that would hold them beside bars of `minimumTrack`, or (where the
    /// image is lower than their capitals) the height that would.
    public let widthNeededForLabels: Int?
    public let heightNeededForLabels: Int?
    /// Ticks across every bar (thresholds with `markers`, and `target`): the left edge of each, kept clear of the
    /// rounded ends, and its color; `markWidth` wide.
    public let marks: [(x: Double, color: RGBAColor)]
    /// A fifth of the bar's height, 1 to 3 px.
    public var markWidth: Double { Swift.min(3, Swift.max(1, barHeight / 5)) }
    /// Where fills grow from: 0, or the neutral point's x.
    public let neutralX: Double

    /// Where the labels sit.
    public var labelPlacement: Placement { placement }

    /// The layout of `spec`; values outside the documented ranges are clamped, never trapped on.
    public init(_ spec: BarSpec) {
        let series = spec.series
        width = Swift.max(1, spec.width)
        height = Swift.max(1, spec.imageHeight)
        barHeight = Double(Swift.max(1, spec.height))
        radius = Swift.max(0, Swift.min(spec.effectiveRadius, barHeight / 2))
        let g = RingGeometry(series)
        title = g.title
        let bold = series.fontWeight == .bold
        // By default three fifths of the bar's height in whole pixels, at least the legible minimum, at most 48.
        let size =
            series.fontSize ?? Swift.min(Swift.max(LabelLayout.minimumFontSize, (barHeight * 0.6).rounded(.down)), 48)
        fontSize = size
        let fractions = g.bands.map(\.fraction)
        let texts: [String?] = fractions.enumerated().map { index, fraction in
            Self.labelText(series, ring: index, fraction: fraction)
        }
        // As drawn: a label with combining marks no font has is measured as Pango lays it out (`drawnWidth`).
        let widest = texts.compactMap { $0 }.map { TextMetrics.drawnWidth(of: $0, bold: bold, at: size) * size }.max()

        // Inside when the text's capitals clear the bar by 2 px and it fits the track with half an em each side.
        var placement = Placement.none
        var trackLength = Double(width)
        var needed: Int? = nil
        var neededHeight: Int? = nil
        // Capitals beside a bar stay inside the image: an image lower than them has no room for a label.
        let capHeight = (2 * TextMetrics.halfCapHeight * fontSize).rounded(.up)
        if let widest {
            let fitsHeight = 2 * TextMetrics.halfCapHeight * fontSize + 4 <= barHeight
            if fitsHeight && widest + fontSize <= trackLength {
                placement = .inside
            } else {
                let column = (widest + fontSize / 2).rounded(.up)
                if Double(width) - column < Self.minimumTrack {
                    placement = .omitted
                    needed = Int(column + Self.minimumTrack)
                } else if Double(height) < capHeight {
                    placement = .omitted
                    neededHeight = Int(capHeight)
                } else {
                    placement = .beside
                    trackLength = Double(width) - column
                }
            }
        }
        self.placement = placement
        self.trackLength = trackLength
        widthNeededForLabels = needed
        heightNeededForLabels = neededHeight
        let tick = Swift.min(3, Swift.max(1, barHeight / 5))
        let ends = (
            low: Swift.min(radius, trackLength / 2), high: Swift.max(trackLength - radius - tick, trackLength / 2)
        )
        marks = g.marks.map { mark in
            (Swift.min(Swift.max(trackLength * mark.share - tick / 2, ends.low), ends.high), mark.color)
        }

        // A label at either theme's default color is drawn inside in whichever of the two reads better on what is
        // behind it; a color of one's own is kept.
        let automaticText = [RingSpec.Theme.light.textColor, RingSpec.Theme.dark.textColor].contains(series.textColor)
        let darkTheme = series.textColor == RingSpec.Theme.dark.textColor
        let page = series.background ?? (darkTheme ? Self.darkPage : RGBAColor(0xff, 0xff, 0xff))
        let animated = series.animate > 0 && series.animate.isFinite
        var bars: [Bar] = []
        func neutralEdge(ofBar index: Int) -> Double? {
            series.valueStyle.neutral.map { (trackLength * series.share(of: $0, ofRing: index) * 100).rounded() / 100 }
        }
        let neutralX = neutralEdge(ofBar: 0) ?? 0
        self.neutralX = neutralX
        for (index, fraction) in fractions.enumerated() {
            let y = Double(index) * (barHeight + Double(spec.gap))
            let fill = series.effectiveColor(ofRing: index)
            let track = series.track(ofRing: index)
            let valueX = (trackLength * fraction * 100).rounded() / 100
            // A bar on its own scale (`max=100,42`) has its own neutral point.
            let ownNeutralX = neutralEdge(ofBar: index) ?? 0
            let (fillStart, fillLength) = (Swift.min(valueX, ownNeutralX), Swift.max(valueX, ownNeutralX))
            let shown = placement == .inside || placement == .beside
            var baseline = (y + barHeight / 2 + fontSize * TextMetrics.halfCapHeight).rounded()
            // Beside a bar lower than the text, the capitals are kept between the image's top and bottom edges.
            if placement == .beside { baseline = Swift.min(Swift.max(baseline, capHeight), Double(height)) }
            var text = series.textColor
            var dark: RGBAColor? = nil
            var fillText: RGBAColor? = nil
            var darkFillText: RGBAColor? = nil
            if placement == .inside && automaticText, let label = texts[index] {
                // What the label's centre sits on: the fill where it covers the middle, else the track or the page.
                let middle = trackLength / 2
                let covered = fillLength > fillStart && fillStart <= middle && fillLength >= middle
                let behind = covered ? fill : (track ?? page)
                text = Self.readable(on: behind.composited(over: page))
                // Where the fill's edge passes under the label (with a quarter em to spare for the measure), each
                // side takes the color that reads there; a growing fill passes under it on the way.
                let half = TextMetrics.width(of: label, bold: bold) * size / 2 + size / 4
                func crosses(_ edge: Double) -> Bool {
                    edge > middle - half && (animated || edge < middle + half)
                }
                let crossed =
                    fillLength > fillStart
                    && ((fillLength > 0 && crosses(fillLength)) || (fillStart > 0 && crosses(fillStart)))
                if crossed {
                    text = Self.readable(on: (track ?? page).composited(over: page))
                    fillText = Self.readable(on: fill.composited(over: page))
                }
                if series.theme == .auto && series.themedColors.contains(.textColor) {
                    let darkTheme = RingSpec.Theme.dark
                    var darkFill = fill
                    if let adapted = series.darkThresholdColor(ofRing: index) {
                        darkFill = adapted
                    } else if let fade = series.darkGradientEnds(ofRing: index) {
                        darkFill = fade.start
                    } else if series.themedColors.contains(.color) && !series.reachesThreshold(ring: index) {
                        darkFill = darkTheme.ringColors[Swift.min(index, 4)]
                    }
                    let darkTrack = series.themedColors.contains(.track) ? darkTheme.track : track
                    let darkPage = series.background ?? Self.darkPage
                    let darkBehind = covered ? darkFill : (darkTrack ?? darkPage)
                    let choice = Self.readable(on: darkBehind.composited(over: darkPage))
                    if crossed {
                        let overTrack = Self.readable(on: (darkTrack ?? darkPage).composited(over: darkPage))
                        let overFill = Self.readable(on: darkFill.composited(over: darkPage))
                        if overTrack != text { dark = overTrack }
                        if overFill != fillText { darkFillText = overFill }
                    } else if choice != text {
                        dark = choice
                    }
                }
                // One color reads on both sides in both schemes: the label is drawn once.
                if fillText == text && darkFillText == dark {
                    fillText = nil
                    darkFillText = nil
                }
            }
            bars.append(
                Bar(
                    y: y, fillLength: fillLength, fillStart: fillStart, fillColor: fill,
                    gradient: series.gradient(ofRing: index),
                    track: track, label: shown ? texts[index] : nil, baseline: baseline, textColor: text,
                    darkTextColor: dark, fillTextColor: fillText, darkFillTextColor: darkFillText))
        }
        self.bars = bars
    }

    /// The page a dark scheme shows images on: GitHub's dark background.
    static let darkPage = RGBAColor.darkPage

    /// Of the light and dark label colors, the one that contrasts more with `background`.
    static func readable(on background: RGBAColor) -> RGBAColor {
        let dark = RingSpec.Theme.light.textColor
        let light = RGBAColor(0xff, 0xff, 0xff)
        return dark.contrast(with: background) >= light.contrast(with: background) ? dark : light
    }

    /// Bar `ring`'s label: the percentage, the template filled with its own value, or none.
    static func labelText(_ series: RingSpec, ring index: Int, fraction: Double) -> String? {
        // Every bar's label compares with `previous`, not only the first's.
        LabelText.text(
            series.label, value: series.value(ofRing: index), min: series.reading.min, max: series.max(ofRing: index),
            fraction: fraction, style: series.valueStyle, previous: series.reading.previous, series: index)
    }

    /// The x the label is anchored at: the track's middle (centred) inside; beside, the image's right edge, where
    /// the labels end (right-aligned, so a viewer's font wider than the one measured grows into the gap before
    /// them rather than past the edge).
    public var labelX: Double {
        placement == .beside ? Double(width) : trackLength / 2
    }
}
