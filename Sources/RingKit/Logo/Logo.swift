import Locking

/// A logo drawn in a badge, a ring or a bar: shapes in its own coordinates (`viewBox`), parsed once and kept (named
/// logos by `LogoCatalog`). Two logos are equal when their sources are: the slug, or the custom logo's data.
public final class Logo: Sendable, Hashable {
    /// Where a logo comes from, as the canonical key writes it.
    public enum Source: Sendable, Hashable {
        /// A Simple Icons slug (`github`).
        case named(String)
        /// A `data:image/svg+xml;base64,…` logo, as given (base64 text).
        case custom(String)
    }

    /// What a shape is filled or stroked with.
    public enum Paint: Sendable, Hashable {
        case none
        /// The logo's color (`logoColor`, or the default as shields.io picks it): a named logo's one fill.
        case logoColor
        case color(RGBAColor)
    }

    /// One filled (and maybe stroked) outline.
    public struct Shape: Sendable, Hashable {
        public var path: LogoPath
        public var fill: Paint
        public var evenOdd: Bool
        public var stroke: Paint
        public var strokeWidth: Double

        public init(
            path: LogoPath, fill: Paint, evenOdd: Bool = false, stroke: Paint = .none, strokeWidth: Double = 1
        ) {
            self.path = path
            self.fill = fill
            self.evenOdd = evenOdd
            self.stroke = stroke
            self.strokeWidth = strokeWidth
        }
    }

    /// The logo's coordinate box (SVG `viewBox`): fitted into the 14 px box it is drawn in, centred.
    public struct ViewBox: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public let source: Source
    public let shapes: [Shape]
    public let viewBox: ViewBox
    /// A named logo's brand color (Simple Icons' `hex`), from which its default color is chosen.
    public let brandColor: RGBAColor?
    /// The SVG markup written for each placement and color (`svg(_:x:y:color:)`), at most `keptPlacements`.
    let written = Lock<[Placement: [UInt8]]>([:])
    static let keptPlacements = 4

    /// Where and in which color a logo is written.
    struct Placement: Hashable, Sendable {
        let x: Double
        let y: Double
        let side: Double
        let color: RGBAColor
    }

    public init(source: Source, shapes: [Shape], viewBox: ViewBox, brandColor: RGBAColor? = nil) {
        self.source = source
        self.shapes = shapes
        self.viewBox = viewBox
        self.brandColor = brandColor
    }

    public static func == (a: Logo, b: Logo) -> Bool { a.source == b.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// The text of `logo=` that gives this logo: the slug, or the data URI.
    public var parameterText: String {
        switch source {
        case .named(let slug): slug
        case .custom(let base64): Self.dataPrefix + base64
        }
    }

    /// What a custom logo's `logo=` starts with.
    public static let dataPrefix = "data:image/svg+xml;base64,"

    /// The `logo=` text of an SVG document given as markup (an endpoint document's `logoSvg`).
    public static func dataURI(svg: String) -> String { dataPrefix + Base64.encode(Array(svg.utf8)) }

    /// The side of the square a logo is fitted into, in CSS pixels, as shields.io draws it.
    public static let size = 14.0

    /// The color a named logo takes when `logoColor` is not given, as shields.io picks it from the brand color:
    /// on a dark backdrop (the filled badge styles) a dark brand color (brightness at most 0.4) becomes
    /// `whitesmoke`, on a light one (social's box) a light brand color (at least 0.6) becomes `#333`; otherwise the
    /// brand color itself. A custom logo keeps its own colors.
    public func defaultColor(onLight: Bool) -> RGBAColor {
        let social = onLight
        let brand = brandColor ?? RGBAColor(0xf5, 0xf5, 0xf5)
        let brightness = (299 * Double(brand.red) + 587 * Double(brand.green) + 114 * Double(brand.blue)) / 255_000
        if !social && brightness <= 0.4 { return RGBAColor(0xf5, 0xf5, 0xf5) }
        if social && brightness >= 0.6 { return RGBAColor(0x33, 0x33, 0x33) }
        return brand
    }

    /// How the view box maps into the square of `side` whose top left is (`x`, `y`): scaled to fit, centred.
    func transform(x: Double, y: Double, side: Double = Logo.size) -> LogoAffine {
        let scale = Swift.min(side / Swift.max(viewBox.width, 1e-9), side / Swift.max(viewBox.height, 1e-9))
        return LogoAffine(
            a: scale, d: scale, e: x + (side - viewBox.width * scale) / 2 - viewBox.x * scale,
            f: y + (side - viewBox.height * scale) / 2 - viewBox.y * scale)
    }
}
