import FoundationEssentials
import Glibc

/// Where everything of one ring goes, computed once from a `RingSpec` so the SVG and the PNG draw the same picture.
///
/// Angles are in degrees clockwise from 12 o'clock; lengths are in CSS pixels (the PNG multiplies by `scale`).
public struct RingGeometry: Sendable, Hashable {
    /// Width and height of the square image.
    public let size: Double
    /// Stroke width of the track and the progress.
    public let thickness: Double
    /// Centre of the ring on both axes.
    public let center: Double
    /// Radius of the stroke's centre line, the largest that keeps every stroke (caps included) inside the image.
    public let radius: Double
    /// Where the track and the progress begin.
    public let startAngle: Double
    /// Sweep of the track: the spec's `arc`.
    public let trackSweep: Double
    /// Sweep of the progress: `arc × (value − min) / (max − min)`, or from `neutral` to the value.
    public internal(set) var progressSweep: Double
    /// Where the progress stroke begins, in the ring's direction: `startAngle`, or with `neutral` the nearer of the
    /// neutral point and the value (below the neutral point the progress runs back from it, against the direction).
    public internal(set) var progressStartAngle: Double
    /// Ticks across the track: at each threshold with `markers`, and at `target`.
    public let marks: [Mark]
    /// Whether the value lies below the neutral point (see `Band.progressReversed`).
    public let progressReversed: Bool
    /// Share of the ring that is done, 0…1.
    public let fraction: Double
    /// Whether the ring runs clockwise from `startAngle`.
    public let clockwise: Bool
    /// Ends of open strokes (the progress, and the track of a gauge).
    public let cap: RingSpec.Cap
    /// The centre text after `auto` or the template was resolved; `nil` draws none (also when it would be too small
    /// to read, see `LabelLayout`).
    public let label: String?
    /// The label's lines, size and baselines; nil when there is no label or it would be too small to read.
    public let labelLayout: LabelLayout?
    /// The radius of the hole inside the innermost ring.
    public let holeRadius: Double
    /// The accessible name: the spec's title, else what a template label shows (`Progress: 7/12`), else `Progress: 72%`
    /// (`Progress: 30%, 60%, 90%` for several rings).
    public let title: String
    /// The rings inside the first, outermost first; empty for a single ring.
    public internal(set) var innerBands: [Band]

    /// Where one ring of several lies, and how much of it is done.
    public struct Band: Sendable, Hashable {
        /// Radius of the stroke's centre line.
        public let radius: Double
        /// Share of the ring that is done, 0…1.
        public let fraction: Double
        /// Sweep of the progress in degrees.
        public var progressSweep: Double
        /// Where the progress begins (see `RingGeometry.progressStartAngle`).
        public var progressStartAngle: Double
        /// Whether the value lies below the neutral point: the progress grows from its far end, against the ring's
        /// direction (an animation draws it so).
        public var progressReversed = false
    }

    /// A tick across the track, at a share of it (0…1) and the angle there, in a color.
    public struct Mark: Sendable, Hashable {
        public let share: Double
        public let angle: Double
        public let color: RGBAColor
    }

    /// Every ring, the first (outermost) included.
    public var bands: [Band] {
        [
            Band(
                radius: radius, fraction: fraction, progressSweep: progressSweep,
                progressStartAngle: progressStartAngle, progressReversed: progressReversed)
        ] + innerBands
    }

    /// The width of a mark's tick: a fifth of the stroke, 1 to 3 px.
    public var markWidth: Double { Swift.min(3, Swift.max(1, thickness / 5)) }

    /// The corners of `mark`'s tick across the track of `radius`, in CSS px, in drawing order.
    public func tickCorners(_ mark: Mark, radius r: Double) -> [(x: Double, y: Double)] {
        let half = thickness / 2
        let rad = mark.angle * Double.pi / 180
        // Along the tangent, half the tick's width each way.
        let (tx, ty) = (cos(rad) * markWidth / 2, sin(rad) * markWidth / 2)
        let inner = point(atDegrees: mark.angle, radius: Swift.max(0, r - half))
        let outer = point(atDegrees: mark.angle, radius: r + half)
        return [
            (inner.x - tx, inner.y - ty), (outer.x - tx, outer.y - ty), (outer.x + tx, outer.y + ty),
            (inner.x + tx, inner.y + ty),
        ]
    }

    /// Computes the geometry of `spec`; values outside the spec's documented ranges are clamped, never trapped on.
    public init(_ spec: RingSpec) {
        let size = Double(Swift.max(1, spec.size))
        self.size = size
        let half = size / 2
        let wanted = spec.thickness ?? RingSpec.defaultThickness(size: spec.size, rings: spec.ringCount)
        let thickness = Swift.min(Swift.max(wanted.isFinite ? wanted : 1, 1), half)
        self.thickness = thickness
        center = half
        cap = RingSpec.capDrawn(spec.cap, size: spec.size, thickness: thickness, rings: spec.ringCount)
        // A square cap's outer corner lies t/2 along the tangent beyond the end and t/2 outside the centre line,
        // so it reaches sqrt((r + t/2)² + (t/2)²) from the centre. The radius ignores the value so that a ring
        // keeps its size from 0 to 100 %.
        let t2 = thickness / 2
        if cap == .square {
            radius = Swift.max(0.5, (half * half - t2 * t2).squareRoot() - t2)
        } else {
            radius = Swift.max(0.5, half - t2)
        }

        let arc = spec.arc.isFinite ? Swift.min(Swift.max(spec.arc, 0), 360) : 360
        trackSweep = arc
        clockwise = spec.direction == .cw
        var start: Double
        if let given = spec.start, given.isFinite {
            start = given
        } else if arc < 360 {
            // Centre the gap at 6 o'clock: the ring begins half a gap past 180° against its own direction.
            start = clockwise ? 180 + (360 - arc) / 2 : 180 - (360 - arc) / 2
        } else {
            start = 0
        }
        start = start.truncatingRemainder(dividingBy: 360)
        if start < 0 { start += 360 }
        if start == 0 { start = 0 }  // no -0
        startAngle = start

        let reading = spec.reading
        func share(of value: Double) -> Double { reading.share(of: value, at: 0) }
        let fraction = share(of: reading.value)
        self.fraction = fraction
        let neutral = spec.valueStyle.neutral.map(share(of:)) ?? 0
        let sign = clockwise ? 1.0 : -1.0
        /// The progress of a share: from the nearer of it and the neutral point, through the difference.
        func progress(_ share: Double) -> (start: Double, sweep: Double) {
            (start + sign * arc * Swift.min(share, neutral), arc * abs(share - neutral))
        }
        (progressStartAngle, progressSweep) = progress(fraction)
        progressReversed = fraction < neutral
        var marks: [Mark] = []
        if spec.markers, let steps = spec.thresholds?.steps {
            for step in steps where step.percent > 0 && step.percent < 100 {
                let share = step.percent / 100
                marks.append(Mark(share: share, angle: start + sign * arc * share, color: step.color))
            }
        }
        if let target = spec.target {
            let share = share(of: target)
            marks.append(Mark(share: share, angle: start + sign * arc * share, color: spec.textColor))
        }
        self.marks = marks
        var innermostRadius = radius
        if spec.innerRings.isEmpty {
            innerBands = []
        } else {
            let spacing = RingSpec.ringSpacing(thickness: thickness)
            var bands: [Band] = []
            for (index, item) in reading.more.enumerated() {
                // Each ring on its own scale (`max=100,42`): its share, and where its neutral point lies.
                let share = reading.share(of: item.value, at: index + 1)
                let ownNeutral =
                    item.max == nil
                    ? neutral
                    : spec.valueStyle.neutral.map {
                        reading.share(of: $0, at: index + 1)
                    } ?? 0
                let from = start + sign * arc * Swift.min(share, ownNeutral)
                let sweep = arc * abs(share - ownNeutral)
                bands.append(
                    Band(
                        radius: Swift.max(0.5, innermostRadius - spacing), fraction: share, progressSweep: sweep,
                        progressStartAngle: from, progressReversed: share < ownNeutral))
                innermostRadius = bands[index].radius
            }
            innerBands = bands
        }

        let text = LabelText.text(spec.label, of: reading, fraction: fraction, style: spec.valueStyle)
        title = AccessibleName.ring(spec, label: text, fractions: [fraction] + innerBands.map(\.fraction))

        let inner = Swift.max(0, innermostRadius - t2)
        labelLayout = text.flatMap {
            LabelLayout($0, center: half, innerRadius: inner, bold: spec.fontWeight == .bold, fontSize: spec.fontSize)
        }
        self.label = labelLayout == nil ? nil : text
        holeRadius = inner
    }

    /// The label's size in pixels, 0 when there is none.
    public var fontSize: Double { labelLayout?.fontSize ?? 0 }

    /// The first line's baseline (the label is one line unless it had to wrap).
    public var labelBaseline: Double { labelLayout?.baselines.first ?? center }

    /// The point at `degrees` clockwise from 12 o'clock on a circle of `radius` around the centre.
    public func point(atDegrees degrees: Double, radius r: Double? = nil) -> (x: Double, y: Double) {
        let rad = degrees * Double.pi / 180
        let rr = r ?? radius
        return (center + rr * sin(rad), center - rr * cos(rad))
    }

    /// The angle where the progress ends.
    public var progressEndAngle: Double { progressStartAngle + (clockwise ? progressSweep : -progressSweep) }

    /// The angle where the track ends.
    public var trackEndAngle: Double { startAngle + (clockwise ? trackSweep : -trackSweep) }

    /// Whether any progress is drawn: 0 % draws nothing at all, not even a cap.
    public var hasProgress: Bool { progressSweep > 0 }

    /// Whether the track is a whole circle (no gap, no caps).
    public var isTrackClosed: Bool { trackSweep >= 360 }

    /// Whether the progress is a whole circle (no caps): 100 % of a 360° ring.
    public var isProgressClosed: Bool { progressSweep >= 360 }

    /// How far `degrees` lies past `startAngle` in the ring's direction, 0…360: on the track when below `trackSweep`,
    /// on the progress when below `progressSweep`.
    public func offsetAlongRing(ofDegrees degrees: Double) -> Double {
        var d = clockwise ? degrees - startAngle : startAngle - degrees
        d = d.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        return d
    }

    /// `text` with control characters (C0, DEL, C1) as spaces and the non-characters U+FFFE/U+FFFF as U+FFFD, so
    /// it can go into XML and C strings (no NUL) and draws the same in both renderers.
    static func printable(_ text: String) -> String {
        var clean = true
        for b in text.utf8 where b < 0x20 || b == 0x7F || b == 0xC2 || b == 0xEF {
            clean = false
            break
        }
        if clean { return text }
        var scalars = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            switch s.value {
            case 0..<0x20, 0x7F...0x9F: scalars.append(" ")
            case 0xFFFE, 0xFFFF: scalars.append("\u{FFFD}")
            default: scalars.append(s)
            }
        }
        return String(scalars)
    }
}
