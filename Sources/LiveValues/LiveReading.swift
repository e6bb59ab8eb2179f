import FoundationEssentials

/// What was read for a source: the value, the max when `maxQuery` gave one, and what a shields endpoint document
/// adds: `label`, `color`, `labelColor` and `style` (defaults the URL's own parameters override; text from upstream,
/// to be checked as those parameters are before it is drawn), a message drawn as text, and `cacheSeconds`.
public struct LiveReading: Sendable, Hashable {
    public var value: Double
    public var max: Double?
    public var label: String?
    public var color: String?
    public var labelColor: String?
    public var style: String?
    /// Text a badge shows in place of a number: an endpoint message that holds none (`passing`), or any message of
    /// a document that reports an error. `value` is then 0 and means nothing.
    public var message: String?
    /// An endpoint document's message as written, also where it reads as a number (`"72"`, `"1,234"`, `"87%"`): what
    /// a badge draws unless its URL asks for the number (`LiveTarget`).
    public var written: String?
    /// The endpoint document reports an error: its `color` wins over the URL's.
    public var isError = false
    /// The endpoint document's `cacheSeconds`: it may raise the image's max-age.
    public var cacheSeconds: Int?
    /// The endpoint document's logo: a Simple Icons slug or an SVG, and its color.
    public var namedLogo: String?
    public var logoSvg: String?
    public var logoColor: String?
    /// When the document was read (wall clock), for a page that shows "read at".
    public var readAt: Date
    /// The same query's number `trend` ago (Prometheus), what `{delta}` and `{previous}` compare with; nil where
    /// not asked, or where the query had no data then.
    public var previous: Double?
    /// The values after the first, where the source takes a list (`reduce`): a vector's further series, a JSON
    /// array's further items; empty for one number.
    public var more: [Double] = []
    /// Each value's series labels, in the order of `value` and `more` (a Prometheus vector's `metric`, `__name__`
    /// included); empty where the source gives none (a JSON document, a scalar).
    public var labels: [[String: String]] = []
    /// A range query's points, oldest first (`value` is the last): what a sparkline draws. Nil for one number.
    public var points: [Double]?
    /// The value's own time where the source gives one (a Prometheus sample's timestamp); nil: the time it was read.
    public var valueTime: Date?

    /// The value's time: its own, else when it was read (`Last-Modified`, `X-Value-Time`).
    public var time: Date { valueTime ?? readAt }

    public init(value: Double, max: Double? = nil, label: String? = nil, color: String? = nil, readAt: Date) {
        self.value = value
        self.max = max
        self.label = label
        self.color = color
        self.readAt = readAt
    }

    /// The bytes of the texts the reading holds (an endpoint's label, message, logo and colors), which whoever keeps
    /// readings counts against its bound: a custom logo alone may be 5 KiB.
    public var textBytes: Int {
        [label, color, labelColor, style, message, written, namedLogo, logoSvg, logoColor].reduce(0) {
            $0 + ($1?.utf8.count ?? 0)
        }
    }

    /// What an endpoint document gives, read at `readAt`.
    init(_ document: EndpointDocument, readAt: Date) {
        let drawsText = document.value == nil || document.isError
        self.init(
            value: drawsText ? 0 : document.value ?? 0, label: document.label, color: document.color, readAt: readAt)
        labelColor = document.labelColor
        style = document.style
        message = drawsText ? document.message : nil
        written = document.message
        isError = document.isError
        cacheSeconds = document.cacheSeconds
        namedLogo = document.namedLogo
        logoSvg = document.logoSvg
        logoColor = document.logoColor
    }
}
