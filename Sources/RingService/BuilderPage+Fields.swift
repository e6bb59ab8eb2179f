import RingKit

extension BuilderPage {
    /// Every control, in page order. A field appears only for the kinds whose parameters this build reads
    /// (`RingParameter`, `BadgeParameter`, `BarSpec.reads`), so a parameter that has not landed yet never gets a
    /// control that would be ignored. A field shared by several kinds is one input: its text follows a switch.
    static let allFields: [BuilderField] = [
        .init(
            "value", .text(inputMode: "decimal"),
            "Amount done, clamped into min…max. Several rings or bars: 30,60,90 with colors red,green,blue. Off "
                + "while a live value is read (url or prometheus).",
            placeholder: "0", kinds: [.ring, .badge, .bar], group: "Value"),
        .init(
            "min", .text(inputMode: "decimal"), "The value of the empty ring or bar. Default 0.", placeholder: "0",
            kinds: [.ring, .badge, .bar], group: "Value"),
        .init(
            "max", .text(inputMode: "decimal"), "The value of the full ring or bar; greater than min. Default 100.",
            placeholder: "100", kinds: [.ring, .badge, .bar], group: "Value"),
        .init(
            "decimals", .text(inputMode: "numeric"),
            "Digits after the point in the percentage, \(range(ImageLimits.decimals)).",
            placeholder: "0", kinds: [.ring, .badge, .bar], group: "Value"),
        .init(
            "url", .text(inputMode: "url"),
            "A JSON document to read the value from: an http(s) URL on a host this server allows, or the name of a "
                + "source it configures. The value field is off while it is set.",
            placeholder: "coverage, or an http(s) URL", kinds: [.ring, .badge, .bar], group: liveGroup),
        .init(
            "query", .text(inputMode: "text"),
            "Where the value sits in the document: $.totals.percent, $.jobs[0].done, a.b. Without it, a shields "
                + "endpoint document's message (or the named source's own query).",
            placeholder: "$.totals.percent", kinds: [.ring, .badge, .bar], group: liveGroup),
        .init(
            "maxQuery", .text(inputMode: "text"),
            "Where max sits in the same document, for 7 of 12 ($.total); max then stays empty.",
            placeholder: "$.total", kinds: [.ring, .badge, .bar], group: liveGroup),
        .init(
            "prometheus", .text(inputMode: "text"),
            "Instead of url: a PromQL instant query whose answer is one number, or the name of a query this server "
                + "configures. The value field is off while it is set.",
            placeholder: "sum(up) / count(up) * 100", kinds: [.ring, .badge, .bar], group: liveGroup),
        .init(
            "server", .text(inputMode: "text"), "Which configured Prometheus answers prometheus. Default: the first.",
            placeholder: "the first", kinds: [.ring, .badge, .bar], group: liveGroup),
        .init(
            "size", .text(inputMode: "numeric"), "Width and height in CSS pixels, \(range(RingSpec.Limits.size)).",
            placeholder: String(RingSpec().size),
            group: "Shape"),
        .init(
            "thickness", .text(inputMode: "decimal"), "Stroke width in pixels, 1…size/2. Default size/10.",
            placeholder: "size / 10", group: "Shape"),
        .init(
            "arc", .text(inputMode: "decimal"),
            "Sweep of the full ring in degrees, 1…360; less leaves a gap (a gauge).",
            placeholder: "360", group: "Shape"),
        .init(
            "start", .text(inputMode: "decimal"),
            "Where the ring begins, degrees clockwise from 12 o'clock, −360…360. Default 0, or the gap at 6 o'clock.",
            placeholder: "0", group: "Shape"),
        .init("direction", .choice(["cw", "ccw"]), "Which way progress runs.", placeholder: "cw", group: "Shape"),
        .init(
            "cap", .choice(["round", "butt", "square"]), "Ends of the progress stroke.", placeholder: "round",
            group: "Shape"),
        .init(
            "width", .text(inputMode: "numeric"),
            "Width of the image in CSS pixels, \(range(BarSpec.Limits.width)): the track, and the labels when they sit "
                + "beside it.",
            placeholder: String(BarSpec().width), kinds: [.bar], group: "Shape"),
        .init(
            "height", .text(inputMode: "numeric"), "Height of each bar in CSS pixels, \(range(BarSpec.Limits.height)).",
            placeholder: String(BarSpec().height),
            kinds: [.bar], group: "Shape"),
        .init(
            "radius", .text(inputMode: "decimal"), "Corner radius, 0…height/2; 0 for square ends.",
            placeholder: "height / 2", kinds: [.bar], group: "Shape"),
        .init(
            "color", .color(initial: RingSpec().color.hex),
            "Progress stroke or fill, or a badge's right half: hex (#rgb, #rrggbbaa), a CSS name; red,green,… for "
                + "several rings or bars.",
            placeholder: RingSpec().color.hex, kinds: [.ring, .badge, .bar], group: "Colors"),
        .init(
            "track", .color(initial: defaultTrack), "The ring or bar behind the progress, or none.",
            placeholder: defaultTrack, kinds: [.ring, .bar], group: "Colors"),
        .init(
            "background", .color(initial: "#ffffff"), "Fill of the whole image, or none.", placeholder: "none",
            kinds: [.ring, .bar], group: "Colors"),
        .init(
            "textColor", .color(initial: RingSpec().textColor.hex),
            "Label color. Default \(RingSpec().textColor.hex); inside a bar, \(RingSpec().textColor.hex) or white, "
                + "whichever reads better there.",
            placeholder: RingSpec().textColor.hex, kinds: [.ring, .bar], group: "Colors"),
        .init(
            "theme", .choice(["light", "dark", "auto"]),
            "Default colors; auto follows the viewer's color scheme in SVG (PNG uses light).", placeholder: "light",
            kinds: [.ring, .badge, .bar], group: "Colors"),
        .init(
            "thresholds", .text(inputMode: "text"),
            "Color by value: 50:orange,80:green means from 50 % orange, from 80 % green; up to 8 ascending pairs.",
            placeholder: "50:orange,80:green", kinds: [.ring, .badge, .bar], group: "Colors"),
        .init(
            "gradient", .color(initial: "#16a34a"),
            "The stroke or fill fades from color at its start to this color at its end.",
            placeholder: "none", kinds: [.ring, .bar], group: "Colors"),
        .init(
            "label", .text(inputMode: "text"),
            "Centre text (a bar's: inside it, or beside it where it does not fit): auto (the percentage), none, or "
                + "up to \(RingSpec.Limits.labelLength) characters with {value}, {percent}, {min}, {max}.",
            placeholder: "auto", kinds: [.ring, .bar], group: "Label"),
        .init(
            "fontSize", .text(inputMode: "decimal"),
            "Label size in pixels. Default: fits the ring's hole, or three fifths of a bar's height.",
            placeholder: "fits", kinds: [.ring, .bar], group: "Label"),
        .init(
            "fontWeight", .choice(["bold", "normal"]), "Label weight.", placeholder: "bold", kinds: [.ring, .bar],
            group: "Label"),
        .init(
            "title", .text(inputMode: "text"),
            "Accessible name (SVG title and aria-label), at most \(RingSpec.Limits.titleLength) characters.",
            placeholder: "Progress: 72%", kinds: [.ring, .bar], group: "Label"),
        .init(
            "animate", .text(inputMode: "decimal"),
            "Seconds the SVG takes to draw its progress, 0…10; the final state shows where animation is off.",
            placeholder: "0", kinds: [.ring, .bar], group: "Output"),
        .init(
            "scale", .text(inputMode: "numeric"),
            "Pixel density of the PNG, \(range(ImageLimits.scale)) (2 for HiDPI); each side × scale ≤ \(ImageLimits.pixelEdge).",
            placeholder: "1", kinds: [.ring, .badge, .bar], group: "Output"),
        .init(
            "cacheSeconds", .text(inputMode: "numeric"),
            "A longer Cache-Control max-age than the server's default, \(range(ImageLimits.cacheSeconds)).",
            placeholder: "server default",
            kinds: [.ring, .badge, .bar], group: "Output"),
        .init(
            "label", .text(inputMode: "text"),
            "Left text of the badge, at most \(BadgeSpec.Limits.labelLength) characters. Default \(BadgeSpec().label).",
            placeholder: BadgeSpec().label, kinds: [.badge], group: "Badge", emptyChoice: "none: the right half alone"),
        .init(
            "labelColor", .color(initial: "#555555"), "Fill of the left half.", placeholder: "#555", kinds: [.badge],
            group: "Badge"),
        .init(
            "style", .choice(["flat", "flat-square"]), "flat: rounded, shaded; flat-square: square corners, no shade.",
            placeholder: "flat", kinds: [.badge], group: "Badge"),
        .init(
            "icon", .choice(["ring", "bar"]), "The small picture before the value: a ring or a bar.",
            placeholder: "ring", kinds: [.badge], group: "Badge"),
    ]

    /// The group of the live-value fields, shown folded: most images carry their value in the URL.
    static let liveGroup = "Live value"

    /// A range as the hints and the server's messages write it: `16…1024`.
    private static func range(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound)…\(range.upperBound)" }

    /// The default track color's text; every ring has a track unless the URL says `track=none`.
    private static let defaultTrack = RingSpec().track?.hex ?? "none"

    /// The fields this build serves: each with the kinds of image whose parameters include it. Every image route
    /// reads the live-value parameters (`LiveTarget.parameters`).
    static var fields: [BuilderField] {
        allFields.compactMap { field in
            field.keeping { kind in
                if LiveTarget.parameters.contains(field.parameter) { return true }
                return switch kind {
                case .ring: RingParameter(rawValue: field.parameter) != nil
                case .badge: BadgeParameter(rawValue: field.parameter) != nil
                case .bar: BarSpec.reads(field.parameter)
                }
            }
        }
    }
}
