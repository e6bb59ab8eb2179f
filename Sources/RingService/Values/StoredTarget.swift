import RingKit
import StoredValues

/// What an image request's `value` makes of stored values, worked out once per target: its items (numbers as
/// written, or names to read), and how to write the numbers read back into the request. A request is resolved by
/// reading the names' records and filling them in (`resolved(with:)`), without parsing the query again.
struct StoredTarget: Sendable {
    enum Item: Sendable, Hashable {
        case number(String)
        case stored(String)
    }

    let items: [Item]
    /// The names the items read, in order.
    let names: [String]
    /// The request as given; its value is replaced.
    let request: Drawing.Request
    /// `/ring/@name.svg`: the value is the path's, not the query's.
    let fromPath: Bool
    /// The query without its `value` (for the query form), where the numbers go.
    let baseQuery: String
    /// The URL gives `max`: the records' is not used.
    let givesMax: Bool
    /// The label compares with an earlier value (`{delta}`, `{previous}`) and the URL gives no `previous`: the
    /// first name's value `trend` ago is written in as `previous`.
    let comparesOver: Int64?
    /// A sparkline (`/spark.svg`): how far back its name's history is drawn, how many points it is given at most,
    /// and whether each point is drawn as a share of its own max (`points=share`); nil for every other image.
    let spark: (window: Int64, bound: Int, shares: Bool)?
    /// How old (milliseconds) the values may be before the image is drawn stale: the URL's `staleAfter`, else the
    /// server's; nil when off.
    let staleAfter: Int64?
    /// Which of the values' time its templates write.
    let writes: TimeWriting
    /// The other stored values the image writes: `{@name}` in its templates and `previous=@name`, each once; read
    /// after `names`, and written into the request as `Drawing.Request.named` and `previous`.
    var others: [OtherName] = []
    /// The name `previous=@name` compares with: its value is written in as `previous`.
    var comparesWith: String? = nil

    /// Every name the image reads: the value's, then the others'.
    var allNames: [String] { names + others.map(\.name) }

    /// The window of `trend` when none is given: a week.
    static let defaultTrend: Int64 = 7 * 86_400_000

    /// The request's stored-value template: nil when its value names no stored value, a refusal naming `value`
    /// for a name that breaks the rules.
    static func make(
        _ request: Drawing.Request, staleAfter fallback: Int64? = nil
    ) -> Result<StoredTarget, ParameterError>? {
        let given = QueryParameters(query: request.query)
        var text = ""
        do throws(ParameterError) {
            if let pathValue = request.pathValue {
                text = try QueryParameters(query: "v=" + pathValue).value("v") ?? ""
            } else {
                text = try given.value("value") ?? ""
            }
        } catch {
            return nil  // the parser says what is wrong with it
        }
        let others: (names: [OtherName], comparesWith: String?)
        switch otherNames(given, kind: request.kind) {
        case .failure(let error): return .failure(error)
        case .success(let read): others = read
        }
        guard text.contains("@") || !others.names.isEmpty else { return nil }
        guard let target = make(request, given: given, text: text, staleAfter: fallback) else { return nil }
        // An `@` inside an item (`a@b`) names nothing stored: the image's own parser refuses the item as it is.
        if case .success(let made) = target, made.names.isEmpty, others.names.isEmpty { return nil }
        return target.flatMap { made in
            var made = made
            made.others = others.names + presetNames(given, kind: request.kind, names: made.names, others: others.names)
            made.comparesWith = others.comparesWith
            return othersRefusal(made, given).map { .failure($0) } ?? .success(made)
        }
    }

    /// The target of the value's own names (`text`, the `value` given), without the others.
    private static func make(
        _ request: Drawing.Request, given: QueryParameters, text: String, staleAfter fallback: Int64?
    ) -> Result<StoredTarget, ParameterError>? {
        var items: [Item] = []
        // A value of no stored name (a number, or none) is the request's own: only the others are read.
        for part in text.split(separator: ",", omittingEmptySubsequences: false) where text.contains("@") {
            let part = part.trimmingPrefix(" ")
            guard part.hasPrefix("@") else {
                items.append(.number(String(part)))
                continue
            }
            let name = String(part.dropFirst())
            if let problem = ValueName.problem(name) {
                return .failure(
                    ParameterError(
                        parameter: "value", value: ParameterError.quoted(part),
                        reason: "names no stored value: the name \(problem)"))
            }
            items.append(.stored(name))
        }
        let names = items.compactMap { if case .stored(let name) = $0 { name } else { nil } }
        let staleAfter: Int64?
        switch ValueFreshness.staleAfter(given, default: fallback) {
        case .failure(let error): return .failure(error)
        case .success(let read): staleAfter = read
        }
        if request.kind == .spark, !names.isEmpty {
            return sparkTarget(
                request, given: given, items: items, names: names, text: text, staleAfter: staleAfter)
        }
        // A value is stored or read live, not both: the live source would otherwise be left unread without a word.
        if !names.isEmpty, let live = LiveTarget.parameters.first(where: given.contains) {
            return .failure(
                ParameterError(
                    parameter: "value", value: ParameterError.quoted(text),
                    reason: "cannot be given with \(live): a value is either stored (value=@name) or read from a "
                        + "live source (\(live)), not both"))
        }
        var comparesOver: Int64? = nil
        // A stale look's label compares as well, where the image may take it.
        let compares = given.templates(of: request.kind).contains {
            ($0.parameter != "staleLabel" || staleAfter != nil)
                && ($0.text.contains("{delta}") || $0.text.contains("{previous}"))
        }
        if !given.contains("previous"), compares, !names.isEmpty {
            switch window(given, "trend", default: defaultTrend, example: "7d") {
            case .failure(let error): return .failure(error)
            case .success(let window): comparesOver = window
            }
        }
        // A value of no stored name stays as given (`a@b` too: the image's own parser refuses it as it is).
        if names.isEmpty { items = [] }
        return .success(
            StoredTarget(
                items: items, names: names, request: request, fromPath: request.pathValue != nil && !names.isEmpty,
                baseQuery: QueryParameters.removing(
                    (names.isEmpty || request.pathValue != nil ? [] : ["value"])
                        + (given.decoded("previous")?.hasPrefix("@") == true ? ["previous"] : []),
                    from: request.query),
                givesMax: given.contains("max"), comparesOver: comparesOver, spark: nil, staleAfter: staleAfter,
                writes: TimeWriting.of(given, kind: request.kind)))
    }

    /// A sparkline's template: exactly one name, and the window its history is read over (`window`, 1h…400d).
    private static func sparkTarget(
        _ request: Drawing.Request, given: QueryParameters, items: [Item], names: [String], text: String,
        staleAfter: Int64?
    ) -> Result<StoredTarget, ParameterError> {
        guard items.count == 1, let name = names.first else {
            return .failure(
                ParameterError(
                    parameter: "value", value: ParameterError.quoted(text),
                    reason: "is not one stored value; a sparkline draws one value's history (accepted: value=@name)"))
        }
        // The history becomes the points: a list in the URL too was refused as given twice, which it was not.
        // `points=share` says how: each point as a percent of the max pushed with it.
        let shares = given.decoded("points") == "share"
        if given.contains("points"), !shares {
            let points = ((try? given.value("points")) ?? nil) ?? ""
            return .failure(
                ParameterError(
                    parameter: "points", value: ParameterError.quoted(points),
                    reason: "cannot be given with value=@\(name): its points are the stored history (accepted: "
                        + "points or value=@name, not both; points=share draws each point as a percent of its max)"))
        }
        if let live = ["url", "prometheus"].first(where: given.contains) {
            return .failure(LiveTarget.sparkRefusal(live, given))
        }
        let window: Int64
        switch Self.window(given, "window", default: SparkHistory.defaultWindow, example: "30d") {
        case .failure(let error): return .failure(error)
        case .success(let read): window = read
        }
        let width =
            RefusalImage.looseInteger("width", in: request.query, range: SparkSpec.Limits.width) ?? SparkSpec().width
        return .success(
            StoredTarget(
                items: items, names: [name], request: request, fromPath: false,
                baseQuery: QueryParameters.removing(
                    ["value"] + (shares ? ["points"] : [])
                        + (given.decoded("previous")?.hasPrefix("@") == true ? ["previous"] : []),
                    from: request.query),
                givesMax: given.contains("max"),
                comparesOver: nil, spark: (window, SparkHistory.bound(width: width), shares), staleAfter: staleAfter,
                writes: TimeWriting.of(given, kind: request.kind)))
    }

    /// The request with the records' numbers in place of the names (and each record's `max` for its own ring or
    /// bar where the URL gives none, and `previous` where the label compares), and the text that tells this
    /// resolution from another.
    func resolved(with all: [StoredRecord], previous: Double?) -> (request: Drawing.Request, shown: String) {
        let (records, named, shownNamed) = split(all)
        var next = 0
        var numbers: [String] = []
        // Each item's own max: its record's, or nil (a number in the URL, a record pushed without one).
        var maxima: [Double?] = []
        for item in items {
            switch item {
            case .number(let text):
                numbers.append(text)
                maxima.append(nil)
            case .stored:
                let record = records[next]
                next += 1
                numbers.append(Self.queryNumber(record.value))
                maxima.append(record.max)
            }
        }
        let list = numbers.joined(separator: ",")
        var shown = items.isEmpty ? "" : "value=" + list
        var extra = ""
        if let previous { extra += "&previous=" + Self.queryNumber(previous) }
        var resolved = request
        if !givesMax, maxima.contains(where: { $0 != nil }) {
            // Given as the numbers read, as a live value's max is: a push of 0 of 0 (an empty sprint) draws an empty
            // image with its label rather than a refusal of max=0, and a message about it names `value`. Each value
            // keeps its own record's max; one without takes the default.
            let each = maxima.map { $0 ?? ValueReading().max }
            let more = each.dropFirst().allSatisfy { $0 == each[0] } ? [] : Array(each.dropFirst())
            resolved.read = [ReadNumber("max", each[0], from: "value", more: more)]
            shown += "&max=" + ([each[0]] + more).map(Self.queryNumber).joined(separator: ",")
        }
        shown += extra + shownNamed
        resolved.named = named
        if names.count == 1 { resolved.valueName = names[0] }
        if fromPath {
            resolved.pathValue = list
            resolved.query = Substring(baseQuery + extra)
        } else if items.isEmpty {
            resolved.query = Substring(baseQuery + extra)
        } else {
            resolved.query = Substring(baseQuery + "&value=" + list + extra)
        }
        return (resolved, shown)
    }

    /// A number written into a query: the shortest text that reads back as it, percent-encoded (`1e+16` holds a
    /// `+`, which a query reads as a space).
    static func queryNumber(_ x: Double) -> String { QueryParameters.encode(ValuesResponder.number(x)) }

    /// The window `parameter` gives, 1h…400d in milliseconds (`fallback` where it is absent), or the refusal
    /// naming it; `example` is the window the message suggests first.
    static func window(
        _ given: QueryParameters, _ parameter: String, default fallback: Int64, example: String
    ) -> Result<Int64, ParameterError> {
        let text: String
        do throws(ParameterError) {
            // A value that does not decode is refused, not read as the default.
            guard let given = try given.value(parameter) else { return .success(fallback) }
            text = given
        } catch {
            return .failure(error)
        }
        guard let window = ValueTime.window(text), window >= 3_600_000, window <= 400 * 86_400_000 else {
            return .failure(
                ParameterError(
                    parameter: parameter, value: ParameterError.quoted(text),
                    reason: "is not a window of 1h…400d (accepted: a whole number and s, m, h or d, such as "
                        + "\(example) or 12h)"))
        }
        return .success(window)
    }

    /// A sparkline's request with the history's `points` (and the record's `max` where the URL gives none) in place
    /// of the name, and the text that tells this resolution from another.
    func resolvedSpark(
        points: [Double], max: Double?, others: ArraySlice<StoredRecord> = [], previous: Double? = nil
    ) -> (request: Drawing.Request, shown: String) {
        var shown = "points=" + points.map(Self.queryNumber).joined(separator: ",")
        // A max at or below every point (0 of an empty sprint) gives the line no height: it scales to its points.
        if let max, !givesMax, max > (points.min() ?? 0) { shown += "&max=" + Self.queryNumber(max) }
        if let previous { shown += "&previous=" + Self.queryNumber(previous) }
        var resolved = request
        resolved.query = Substring(baseQuery.isEmpty ? shown : baseQuery + "&" + shown)
        let (named, shownNamed) = Self.named(others)
        resolved.named = named
        return (resolved, shown + shownNamed)
    }
}
