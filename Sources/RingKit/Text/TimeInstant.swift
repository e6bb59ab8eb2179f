import CICU

/// The dates and times that `from`, `to`, `until` and `since` take: `2026-12-24` (the start of that day),
/// `2026-12-24T18:00` or `2026-12-24T18:00:30`, in the zone `tz` names, or with their own (`Z`, `+01:00`).
public enum TimeInstant {
    /// What a refusal says is accepted.
    public static let accepted =
        "a date 2026-12-24, or a date and time 2026-12-24T18:00 (in tz, default UTC, or with Z or an offset such as "
        + "+01:00)"

    /// The instant `text` names in `zone` (milliseconds since 1970), or nil: a malformed text, a date that does not
    /// exist (`2026-02-30`), a time the clocks skip in the zone, or a year outside 1970…9999.
    public static func parse(_ text: String, zone: String?) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int32? {
            guard range.upperBound <= bytes.count,
                bytes[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int32($1 - UInt8(ascii: "0")) }
        }
        guard bytes.count >= 10, let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7),
            bytes[7] == UInt8(ascii: "-"), let day = number(8..<10), year >= 1970
        else { return nil }
        var (hour, minute, second): (Int32, Int32, Int32) = (0, 0, 0)
        var rest = 10
        if rest < bytes.count, bytes[rest] == UInt8(ascii: "T") {
            guard let h = number(11..<13), bytes.count > 13, bytes[13] == UInt8(ascii: ":"), let m = number(14..<16)
            else { return nil }
            (hour, minute, rest) = (h, m, 16)
            if rest < bytes.count, bytes[rest] == UInt8(ascii: ":") {
                guard let s = number(17..<19) else { return nil }
                (second, rest) = (s, 19)
            }
        }
        var zoneID = zone ?? "UTC"
        if rest < bytes.count {
            let suffix = String(decoding: bytes[rest...], as: UTF8.self)
            if suffix == "Z" {
                zoneID = "UTC"
            } else if suffix.utf8.count == 6, let sign = suffix.first, sign == "+" || sign == "-",
                let offsetHours = number(rest + 1..<rest + 3), bytes[rest + 3] == UInt8(ascii: ":"),
                let offsetMinutes = number(rest + 4..<rest + 6), offsetHours < 24, offsetMinutes < 60
            {
                zoneID = "GMT" + suffix
            } else {
                return nil
            }
        }
        var millis = 0.0
        guard pr_zone_instant(zoneID, year, month, day, hour, minute, second, &millis) == 0, millis.isFinite else {
            return nil
        }
        return Int64(millis)
    }

    /// A span of time as a label writes it, in the two largest units it reaches, rounded down, in the locale's
    /// narrow units (`18d 4h`, `4h 12m`, `12m`), and the unit it counts in: an hour from a day up, else a minute.
    public static func span(_ milliseconds: Int64, locale: NumberLocale?) -> String {
        let minutes = max(milliseconds, 0) / 60_000
        let (days, hours, rest) = (minutes / 1440, minutes % 1440 / 60, minutes % 60)
        let tag = locale?.tag ?? "en"
        func unit(_ unit: Int32, _ amount: Int64, _ fallback: String) -> String {
            var buffer = [CChar](repeating: 0, count: 64)
            guard pr_format_unit(tag, unit, Double(amount), &buffer, 64) == 0 else { return "\(amount)\(fallback)" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        if days > 0 { return unit(0, days, "d") + " " + unit(1, hours, "h") }
        if hours > 0 { return unit(1, hours, "h") + " " + unit(2, rest, "m") }
        return unit(2, rest, "m")
    }

    /// The step a span's text counts in: an hour from a day up, else a minute.
    public static func spanQuantum(_ milliseconds: Int64) -> Int64 { milliseconds >= 86_400_000 ? 3_600_000 : 60_000 }
}
