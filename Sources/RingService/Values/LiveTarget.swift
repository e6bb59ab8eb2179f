import Glibc
import LiveValues
import RingKit

/// What an image request's live parameters name: the source, and which parameters the document may supply because
/// the URL does not give them (the URL's own win, except where a shields endpoint document reports an error, as
/// shields draws it). The value read becomes the spec's value as the number it is (`ReadNumber`), so an image of a
/// live value is byte for byte the image of the same value written in the URL.
public struct LiveTarget: Sendable {
    public let source: LiveSource
    /// Badges take an endpoint document's `labelColor`, `style` and a message drawn as text; rings and bars cannot.
    let isBadge: Bool
    /// A badge without a label of its own takes a shields endpoint document's `label`.
    let takesLabel: Bool
    /// An image without `color` takes a shields endpoint document's `color`.
    let takesColor: Bool
    /// An image without `max` takes the value at `maxQuery`.
    let takesMax: Bool
    /// A badge without its own `labelColor`, `style` or `message` takes the endpoint document's.
    let takesLabelColor: Bool
    let takesStyle: Bool
    let takesMessage: Bool
    /// An image without its own `logo` or `logoColor` takes the endpoint document's (`namedLogo` or `logoSvg`).
    var takesLogo = false
    var takesLogoColor = false
    /// A sparkline's bound on its points (one per pixel column); nil for one number.
    var sparkPoints: Int? = nil
    /// A badge whose URL asks for the number a document's message reads as (`askForNumber`).
    var asksForNumber = false
    /// How old (milliseconds) the value may be before the image is drawn stale: the URL's `staleAfter`, else the
    /// server's; nil when off.
    var staleAfter: Int64? = nil
    /// Which of the value's time its templates write.
    var writes = TimeWriting()
    /// The most bars a list read live draws (`liveMaxSeries`).
    var maxSeries = LiveSettings().maxSeries

    /// The parameters that name a live value. A request that gives none of them is an ordinary image.
    static let parameters = ["url", "query", "maxQuery", "prometheus", "server", "timeQuery"]

    /// The target `request` names: nil when it names no live value (no `url`, no `prometheus`), a refusal naming
    /// the parameter when it is wrong (checked before anything is fetched), or the target.
    public static func resolve(
        _ request: Drawing.Request, live: LiveValues?, staleAfter fallback: Int64? = nil
    ) -> Result<LiveTarget, ParameterError>? {
        guard mayNameLiveValue(request.query) else { return nil }
        let given = QueryParameters(query: request.query)
        let named = given.contains("url") ? "url" : given.contains("prometheus") ? "prometheus" : nil
        guard let named else { return nil }
        // On any server: a document has no history, so nothing is fetched for a sparkline of one.
        if request.kind == .spark && named == "url" { return .failure(sparkRefusal(named, given)) }
        do throws(ParameterError) {
            let values = try parameters.map { name throws(ParameterError) in try given.value(name) }
            guard let live else {
                throw ParameterError(
                    parameter: named, value: "",
                    reason: "live values are off on this server (its operator turns them on with liveHosts, "
                        + "liveSources or prometheusServers)")
            }
            if given.contains("value") || request.pathValue != nil {
                throw ParameterError(
                    parameter: "value", value: "", reason: "cannot be given with \(named): the value is read from it")
            }
            if given.contains("max") && values[2] != nil {
                throw ParameterError(
                    parameter: "max", value: "", reason: "cannot be given with maxQuery: max is read from the document")
            }
            // A named query's own parameters (`prometheus=disk&instance=web1`), read as strictly as the image's.
            var arguments: [String: String] = [:]
            for name in live.parameterNames(prometheus: values[3], maxQuery: values[2]) {
                if let value = try given.value(name) { arguments[name] = value }
            }
            let source: LiveSource?
            do {
                source = try live.source(
                    url: values[0], query: values[1], maxQuery: values[2], prometheus: values[3], server: values[4],
                    arguments: arguments, timeQuery: values[5])
            } catch {
                throw ParameterError(parameter: error.parameter, value: error.value, reason: error.reason)
            }
            guard var source else { return nil }
            var sparkPoints: Int?
            if request.kind == .spark {
                (source, sparkPoints) = try sparkSource(source, request, given, live)
            } else {
                source = try trendSource(source, request, given, live)
                // A roll-up reads a vector or an array whole; so do rings and bars, one per series. A badge takes
                // one number, or a list only through a roll-up.
                if given.contains("reduce") || request.kind == .ring || request.kind == .bar {
                    source = live.listSource(source)
                }
            }
            let isBadge = request.kind == .badge
            var target = LiveTarget(
                source: source, isBadge: isBadge,
                takesLabel: isBadge && !given.contains("label") && request.pathLabel == nil,
                takesColor: !given.contains("color"), takesMax: !given.contains("max"),
                takesLabelColor: isBadge && !given.contains("labelColor"),
                takesStyle: isBadge && !given.contains("style"), takesMessage: isBadge && !given.contains("message"))
            target.sparkPoints = sparkPoints
            target.maxSeries = live.settings.maxSeries
            target.asksForNumber = isBadge && Self.askForNumber.contains { given.contains($0) }
            target.takesLogo = ImageParameter.isRead("logo", by: request.kind.parameterKind) && !given.contains("logo")
            target.takesLogoColor = target.takesLogo && !given.contains("logoColor")
            switch ValueFreshness.staleAfter(given, default: fallback) {
            case .failure(let error): throw error
            case .success(let after): target.staleAfter = after
            }
            target.writes = TimeWriting.of(given, kind: request.kind)
            return .success(target)
        } catch {
            return .failure(error)
        }
    }

    /// A badge's parameters that ask for the number an endpoint message reads as (its percentage and icon, its unit,
    /// its colors by value): with none of them, the message is drawn as written.
    static let askForNumber = ["unit", "thresholds", "map", "decimals", "locale", "neutral", "min", "max", "icon"]

    /// The parameters whose validity can hang on the value read (its bounds, what its label or marks show):
    /// checked once the value is read. Any other is the URL's own, a color or a style included: a document may
    /// supply one the URL leaves out, but never makes the URL's own bad one right (`color=nope` was fetched for,
    /// and answered with the source's 502 where the source was down).
    static let checkedWithTheValue: Set<String> = [
        "value", "min", "max", "label", "title", "message", "target", "neutral", "previous", "markers", "thresholds",
        "thresholdsMode",
    ]

    /// The URL's own mistake, found before anything is fetched: `request` parsed with a stand-in value (the
    /// minimum, and a max one above it where the max is read too), failing on a parameter no value read could
    /// make right (`size=5000`, `unit=parsecs`). Nil where it parses, or fails only on what the value decides.
    func mistake(
        in request: Drawing.Request, parse: (Drawing.Request) throws(ParameterError) -> Drawing
    ) -> ParameterError? {
        var standIn = request
        var value = ReadNumber("value", 0, from: source.parameter)
        // A series whose labels are still unknown: `sort=label:NAME` and `{label.NAME}` wait for those read.
        value.labels = [[:]]
        standIn.read = [value]
        if sparkPoints != nil {
            standIn.read = []
            standIn.query += "&points=0,1"
        }
        // Any time will do: the URL's templates may write the value's.
        standIn.clock = ValueClock(valueTime: 0, now: 0)
        if source.readsMax, takesMax {
            standIn.read.append(ReadNumber("max", 1, from: "maxQuery"))
        }
        do {
            _ = try parse(standIn)
            return nil
        } catch {
            return Self.checkedWithTheValue.contains(error.parameter) ? nil : error
        }
    }

    /// The refusal of `parameter` (`url`, or `prometheus` beside a stored value) on a sparkline: a sparkline draws a
    /// series, and a document is one number read now, with no history behind it.
    static func sparkRefusal(_ parameter: String, _ given: QueryParameters) -> ParameterError {
        let text = ((try? given.value(parameter)) ?? nil) ?? ""
        guard parameter == "url" else {
            return ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "cannot be given with value=@name: a sparkline draws one history (accepted: prometheus or "
                    + "value=@name, not both)")
        }
        return ParameterError(
            parameter: parameter, value: ParameterError.quoted(text),
            reason: "is a live value, one number read now, and a sparkline draws a series; a document keeps no "
                + "history (accepted: points=3,5,4,8, prometheus= for a query's history, or value=@name for a "
                + "stored value's)")
    }

    /// Whether `query` may name a live value: it holds `url` or `prometheus`, or a `%` (a name may be escaped). A
    /// byte search, so the common request, which names none, is not split into parameters a second time; `String`'s
    /// own `contains` compares characters and cost a miss flood 2 % of the server's time.
    public static func mayNameLiveValue(_ query: Substring) -> Bool {
        let found = query.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            func holds(_ needle: StaticString) -> Bool {
                let length = needle.utf8CodeUnitCount
                guard bytes.count >= length else { return false }
                for i in 0...(bytes.count - length)
                where bytes[i] == needle.utf8Start.pointee && memcmp(base + i, needle.utf8Start, length) == 0 {
                    return true
                }
                return false
            }
            return memchr(base, Int32(UInt8(ascii: "%")), bytes.count) != nil || holds("url") || holds("prometheus")
        }
        return found ?? (query.contains("%") || query.contains("url") || query.contains("prometheus"))
    }

    /// What a reading gives the drawing: the value and the max the document gave, as numbers (any finite double,
    /// never text decoded again), the text parameters a shields endpoint document adds where the URL gives none
    /// (`defaults`, in order: `label`, `color`, `labelColor`, `style`, `message`, `logo`, `logoColor`; its colors
    /// read in shields' palette), and the URL's parameters it replaces (`replaced`: a document that reports an error keeps its own
    /// color and message, as shields draws it).
    func given(by reading: LiveReading) -> (read: [ReadNumber], defaults: [(String, String)], replaced: [String]) {
        if let points = reading.points, let bound = sparkPoints {
            let drawn = SparkHistory.points(points, atMost: bound).map(ValuesResponder.number)
            return ([], [("points", drawn.joined(separator: ","))], [])
        }
        var read: [ReadNumber] = []
        // On a badge whose URL asks nothing of the number, a document's message is drawn as written, as shields
        // draws it (`1,234`, `72`, `1.2M/month`): no icon, no percentage, the document's color or shields' default.
        let asWritten = isBadge && takesMessage && !asksForNumber && reading.message == nil ? reading.written : nil
        if reading.message == nil && asWritten == nil {
            var value = ReadNumber("value", reading.value, from: source.parameter, more: reading.more)
            value.labels = reading.labels
            value.seriesLimit = maxSeries
            read.append(value)
            if let max = reading.max, takesMax { read.append(ReadNumber("max", max, from: "maxQuery")) }
        }
        // The number `trend` ago: what `{delta}` and `{previous}` compare with.
        let previous = reading.previous.map { [("previous", ValuesResponder.number($0))] } ?? []
        let isError = reading.isError && isBadge
        var defaults: [(String, String)] = previous
        if let label = reading.label, takesLabel { defaults.append(("label", label)) }
        if let color = isError || asWritten != nil ? reading.color ?? "lightgrey" : reading.color,
            takesColor || isError
        {
            defaults.append(("color", ShieldsPalette.resolved(color)))
        }
        if let labelColor = reading.labelColor, isBadge, takesLabelColor || isError {
            defaults.append(("labelColor", ShieldsPalette.resolved(labelColor)))
        }
        if let style = reading.style, takesStyle { defaults.append(("style", style)) }
        if let message = reading.message ?? asWritten, isBadge, takesMessage || isError {
            defaults.append(("message", message))
        }
        if takesLogo, let logo = reading.logoSvg.map({ Logo.dataURI(svg: $0) }) ?? reading.namedLogo {
            defaults.append(("logo", logo))
            if let logoColor = reading.logoColor, takesLogoColor {
                defaults.append(("logoColor", ShieldsPalette.resolved(logoColor)))
            }
        }
        return (read, defaults, isError ? ["color", "labelColor", "message"] : [])
    }

    /// The text that tells one reading's drawing from another's, for the service's alias of a request and a value.
    func aliasText(for reading: LiveReading) -> String {
        let given = given(by: reading)
        // The shortest text of a double is one to one with its value.
        return given.read.map { "&\($0.parameter)=" + ([$0.number] + $0.more).map { "\($0)" }.joined(separator: ",") }
            .joined() + Self.query(given.defaults) + Self.labelsText(reading.labels)
            + (given.replaced.isEmpty ? "" : "&error")
    }

    /// The drawing `request` asks for, showing `reading`; `parse` is the service's (or RingKit's) parser. A
    /// document's label, colors or style that do not fit the image are left out, as without a document; a message
    /// drawn as text that does not fit, or one a ring or bar is asked to draw, is the document's error.
    public func drawing(
        showing reading: LiveReading, _ request: Drawing.Request,
        parse: (Drawing.Request) throws(ParameterError) -> Drawing
    ) -> Result<Drawing, ParameterError> {
        if let message = reading.message, !isBadge {
            let shown = ParameterError.quoted(message)
            return .failure(
                ParameterError(
                    parameter: source.parameter, value: "",
                    reason: reading.isError
                        ? "the endpoint document reports an error: \(shown)"
                        : "the endpoint message \(shown) holds no number (a badge shows it as text; a ring or bar "
                            + "needs a number such as \"87%\" or \"1,234\")"))
        }
        let (read, given, replaced) = given(by: reading)
        var defaults = given
        var full = request
        full.read = read
        let base = replaced.isEmpty ? String(request.query) : QueryParameters.removing(replaced, from: request.query)
        while true {
            full.query = Substring(base + Self.query(defaults))
            do {
                return .success(try parse(full))
            } catch {
                if error.parameter == "message", defaults.contains(where: { $0.0 == "message" }) {
                    return .failure(
                        ParameterError(
                            parameter: source.parameter, value: "",
                            reason: "the endpoint message cannot be drawn: \(error.message)"))
                }
                guard let index = defaults.firstIndex(where: { $0.0 == error.parameter }) else {
                    return .failure(error)
                }
                // The document's text does not fit this image: drawn without it, as without a document.
                defaults.remove(at: index)
            }
        }
    }

    /// `&name=value` for each pair, the values percent-encoded.
    private static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "&" + $0.0 + "=" + QueryParameters.encode($0.1) }.joined()
    }
}
