import CICU

/// When a value was read, and the clock at the request: what a label's `{age}`, `{time}` and `{date}` write. The
/// service sets it on an image of a stored or live value (`Drawing.Request.clock`); a value in the URL has none.
public struct ValueClock: Sendable, Hashable {
    /// The value's time and the request's, in milliseconds since 1970.
    public var valueTime: Int64
    public var now: Int64

    public init(valueTime: Int64, now: Int64) {
        self.valueTime = valueTime
        self.now = now
    }
}

/// A value's time as a label writes it: `{age}` (`3 days ago`, in the locale's words, by ICU's relative formatter),
/// `{time}` (`Aug 9, 2026, 10:00 AM`) and `{date}` (`Aug 9, 2026`), in the locale and the zone (`tz`, default UTC).
public struct TimeTexts: Sendable, Hashable {
    public var age: String
    public var time: String
    public var date: String

    /// The placeholders, and whether `template` writes any of them.
    public static let placeholders = ["age", "time", "date"]
    public static func written(in template: String) -> Bool {
        template.contains("{age}") || template.contains("{time}") || template.contains("{date}")
    }

    /// The texts for `clock` in `locale` (English without one) and `zone` (UTC without one).
    static func of(_ clock: ValueClock, locale: NumberLocale?, zone: String?) -> TimeTexts {
        let tag = locale?.tag ?? "en"
        let zoneID = zone ?? "UTC"
        let step = AgeStep(age: clock.now - clock.valueTime)
        let at = Double(clock.valueTime)
        return TimeTexts(
            age: call { pr_format_relative(tag, -Double(step.count), step.unit.rawValue, $0, $1) }
                ?? "\(step.count) \(step.unit) ago",
            time: call { pr_format_time(tag, zoneID, at, 1, $0, $1) }
                ?? UTCText.minute(milliseconds: clock.valueTime),
            date: call { pr_format_time(tag, zoneID, at, 0, $0, $1) }
                ?? String(UTCText.rfc3339(milliseconds: clock.valueTime).prefix(10)))
    }

    /// The text a formatting call writes into its buffer, or nil where it failed.
    private static func call(_ format: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard format(&buffer, 256) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What the canonical key adds for these texts.
    var keyText: String { PercentDecoding.encode(age + "|" + time + "|" + date) }

    /// The tz database zone `text` names, in its canonical spelling (`US/Pacific` is `America/Los_Angeles`), or nil
    /// for anything else (a custom offset such as `GMT+5` included).
    public static func zone(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count < 100, !text.utf8.contains(0) else { return nil }
        var buffer = [CChar](repeating: 0, count: 128)
        guard pr_time_zone(text, &buffer, 128) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Which words `{age}` writes for an age, and until when they hold: under a minute `now`; then whole minutes, hours,
/// days (under a week), weeks (under 30 days), months of 30 days (under a year) and years of 365 days, each rounded
/// down. The service keys a cached image by the step and gives it a max-age no longer than until the next.
public struct AgeStep: Sendable, Hashable {
    public enum Unit: Int32, Sendable, Hashable {
        case second = 0, minute, hour, day, week, month, year
    }

    public let unit: Unit
    public let count: Int64
    /// The age (milliseconds) at which the words change next.
    public let nextAge: Int64

    /// The step of `age` milliseconds (a value from the future is `now`).
    public init(age given: Int64) {
        let age = max(given, 0)
        let second: Int64 = 1000
        let minute = 60 * second, hour = 60 * minute, day = 24 * hour
        let steps: [(Unit, Int64, Int64)] = [
            (.minute, minute, hour), (.hour, hour, day), (.day, day, 7 * day), (.week, 7 * day, 30 * day),
            (.month, 30 * day, 365 * day), (.year, 365 * day, .max),
        ]
        guard age >= minute else {
            (unit, count, nextAge) = (.second, 0, minute)
            return
        }
        for (unit, size, below) in steps where age < below {
            let count = age / size
            self.unit = unit
            self.count = count
            // The next whole unit, or the next step's start where that comes first (29 days: 4 weeks, then a month).
            nextAge = min((count + 1) * size, below)
            return
        }
        fatalError("an age past every step")
    }

    /// The step in a few characters, for an alias: `d3`.
    public var key: String { "\(unit.rawValue)/\(count)" }
}

extension ValueStyle {
    /// Sets `times` from `clock` where one of `templates` (each with the parameter that gave it) writes the value's
    /// time; a template that does without a clock (a value in the URL has no time) is refused, naming its parameter.
    mutating func readTimes(_ templates: [(parameter: String, text: String)], clock: ValueClock?) throws(ParameterError)
    {
        guard let written = templates.first(where: { TimeTexts.written(in: $0.text) }) else { return }
        guard let clock else {
            throw ParameterError(
                parameter: written.parameter, value: ParameterError.quoted(written.text),
                reason: "writes the value's time ({age}, {time}, {date}), which only a stored (value=@name) or live "
                    + "(url, prometheus) value has")
        }
        times = TimeTexts.of(clock, locale: locale, zone: zone)
    }

    /// What the canonical key adds where a label writes the value's time: the texts it writes.
    var timesKey: String { times.map { "&times=" + $0.keyText } ?? "" }
}

extension RingSpec {
    /// The label's and the stale label's templates, with the parameters that gave them.
    var templates: [(parameter: String, text: String)] {
        var all: [(parameter: String, text: String)] = []
        if case .template(let text) = label { all.append(("label", text)) }
        if let text = stale.label { all.append(("staleLabel", text)) }
        return all
    }
}
