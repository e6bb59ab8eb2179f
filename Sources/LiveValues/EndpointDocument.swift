import StrictJSON

/// A shields endpoint document (`{"schemaVersion": 1, "label": …, "message": "87%", "color": …}`) read as shields
/// reads it: every field of its schema that shapes a badge, each checked for its type. Errors name the field and
/// the parameter that named the document (`url`); a document that is not an endpoint document at all names `query`,
/// the parameter that would read another shape.
public struct EndpointDocument: Sendable, Hashable {
    /// The message as written.
    public var message: String
    /// The number the message reads as (`DocumentNumber.leading`: `87%`, `1,234`, `7/12`); nil where it holds none
    /// (`passing`, `v1.2.3`), which a badge draws as text.
    public var value: Double?
    public var label: String?
    public var color: String?
    public var labelColor: String?
    public var style: String?
    /// The document reports an error: its message is drawn as text, in its own color, whatever the URL's.
    public var isError: Bool
    /// How long the document asks its badge to be cached; it may raise an image's max-age, never lower it.
    public var cacheSeconds: Int?
    /// A Simple Icons slug, the logo's color, and a custom logo's SVG markup.
    public var namedLogo: String?
    public var logoColor: String?
    public var logoSvg: String?

    /// The longest message read, in bytes: far more than a badge shows, far less than a document may hold.
    public static let maxMessageBytes = 4096
    /// The longest `label`, `color`, `labelColor` or `style` kept, in bytes. They are defaults held with the value
    /// for as long as it is cached: a bound keeps a document from filling the cache. One longer is left out (the
    /// image is drawn as without it), not an error.
    public static let maxTextLength = 256
    /// The largest `cacheSeconds` honoured: a year, as the `cacheSeconds` parameter.
    public static let maxCacheSeconds = 31_536_000
    /// The longest `logoSvg` kept, in bytes: a custom logo's own bound (5 KiB, `CustomLogo.maxBytes`).
    public static let maxLogoBytes = 5120

    /// The fields of shields' schema that this service accepts, checks and does not draw (links).
    static let unusedTexts = ["link"]
    static let unusedNumbers = ["logoWidth", "logoPosition"]

    /// Reads `document`; a failure says which field is wrong and why.
    static func read(_ document: JSONValue) -> Result<EndpointDocument, LiveError> {
        func notEndpoint(_ reason: String) -> Result<EndpointDocument, LiveError> {
            .failure(LiveError(parameter: "query", value: "", reason: "not given, and " + reason, kind: .noValue))
        }
        func wrong(_ field: String, _ reason: String) -> Result<EndpointDocument, LiveError> {
            .failure(
                LiveError(
                    parameter: "url", value: "", reason: "the endpoint document's \(field) \(reason)", kind: .noValue))
        }
        guard case .object(let object) = document, let version = object["schemaVersion"] else {
            return notEndpoint("the document is not a shields endpoint document (give query, e.g. $.coverage)")
        }
        guard case .number(let v) = version, v.double == 1 else {
            return notEndpoint("the endpoint document's schemaVersion is not 1")
        }
        guard let messageNode = object["message"] else {
            return wrong("message", "is missing (accepted: text, such as \"87%\" or \"passing\")")
        }
        guard case .string(let message) = messageNode else {
            return wrong("message", "is \(Self.kind(of: messageNode)), not text (such as \"87%\" or \"passing\")")
        }
        guard message.utf8.count <= maxMessageBytes else {
            return wrong("message", "is \(message.utf8.count) bytes long; at most \(maxMessageBytes) are read")
        }
        guard !message.isEmpty else { return wrong("message", "is empty") }
        var texts: [String: String] = [:]
        for field in ["label", "color", "labelColor", "style", "namedLogo", "logoColor", "logoSvg"] + unusedTexts {
            guard let node = object[field] else { continue }
            guard case .string(let text) = node else {
                return wrong(field, "is \(Self.kind(of: node)), not text")
            }
            if text.utf8.count <= (field == "logoSvg" ? maxLogoBytes : maxTextLength) { texts[field] = text }
        }
        for field in unusedNumbers {
            guard let node = object[field] else { continue }
            guard case .number = node else { return wrong(field, "is \(Self.kind(of: node)), not a number") }
        }
        var isError = false
        if let node = object["isError"] {
            guard case .bool(let flag) = node else {
                return wrong("isError", "is \(Self.kind(of: node)), not true or false")
            }
            isError = flag
        }
        var cacheSeconds: Int?
        if let node = object["cacheSeconds"] {
            guard case .number(let number) = node, case let seconds = number.double, seconds >= 0,
                seconds == seconds.rounded(), seconds.isFinite
            else {
                return wrong("cacheSeconds", "is \(Self.shown(node)), not a whole number of seconds, 0 or more")
            }
            cacheSeconds = seconds > Double(maxCacheSeconds) ? maxCacheSeconds : Int(seconds)
        }
        let value = DocumentNumber.leading(message).flatMap { $0.isFinite ? $0 : nil }
        var read = EndpointDocument(
            message: message, value: value, label: texts["label"], color: texts["color"],
            labelColor: texts["labelColor"], style: texts["style"], isError: isError, cacheSeconds: cacheSeconds)
        (read.namedLogo, read.logoColor, read.logoSvg) = (texts["namedLogo"], texts["logoColor"], texts["logoSvg"])
        return .success(read)
    }

    /// What a node is, as a message says it: `a number`, `text`, `an array`.
    private static func kind(of node: JSONValue) -> String {
        switch node {
        case .string: "text"
        case .number: "a number"
        case .bool(let b): b ? "true" : "false"
        case .array: "an array"
        case .object: "an object"
        case .null: "null"
        }
    }

    /// A number or text as written (shortened), else its kind.
    private static func shown(_ node: JSONValue) -> String {
        switch node {
        case .number(let n): LiveText.shown(JSONNumber.format(n.double))
        case .string(let s): LiveText.quoted(s)
        default: kind(of: node)
        }
    }
}
