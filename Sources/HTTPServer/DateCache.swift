#if canImport(Glibc)
    import Glibc
#endif

/// The bytes the server appends to every response head: `Date` (IMF-fixdate, recomputed once a second), then
/// `Connection`, then the blank line. One per event loop, so no locking.
struct DateCache {
    private(set) var keepAliveTail: [UInt8] = []
    private(set) var closeTail: [UInt8] = []
    private var second = Int.min

    init() { refresh() }

    /// Recomputes the tails when the wall-clock second has changed since the last call.
    mutating func refresh() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        update(epochSeconds: now.tv_sec)
    }

    mutating func update(epochSeconds: Int) {
        guard epochSeconds != second else { return }
        second = epochSeconds
        let date = Self.imfFixdate(epochSeconds: epochSeconds)
        keepAliveTail = Array("Date: \(date)\r\nConnection: keep-alive\r\n\r\n".utf8)
        closeTail = Array("Date: \(date)\r\nConnection: close\r\n\r\n".utf8)
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110 §5.6.7), without Foundation or locale.
    static func imfFixdate(epochSeconds: Int) -> String {
        let days = epochSeconds >= 0 ? epochSeconds / 86_400 : (epochSeconds - 86_399) / 86_400
        let secondsOfDay = epochSeconds - days * 86_400
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday
        // Civil date from a day count (Howard Hinnant's days_from_civil, inverted).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let time = "\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))"
        return "\(weekdays[weekday]), \(two(day)) \(Self.months[month - 1]) \(year) \(time) GMT"
    }
}

/// Dates as HTTP writes them.
public enum HTTPDate {
    /// `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110 §5.6.7): for `Last-Modified` and the like.
    public static func imfFixdate(epochSeconds: Int) -> String { DateCache.imfFixdate(epochSeconds: epochSeconds) }

    /// The seconds since 1970 of an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form every sender must use
    /// (RFC 9110 §5.6.7); nil for anything else, which a recipient of `If-Modified-Since` then ignores. The day's
    /// name is not checked against the date.
    public static func epochSeconds(imfFixdate text: some StringProtocol) -> Int? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT",
            parts[1].count == 2, let day = Int(parts[1]), parts[3].count == 4, let year = Int(parts[3]),
            let monthIndex = DateCache.months.firstIndex(where: { $0.utf8.elementsEqual(parts[2].utf8) })
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int(clock[0]),
            let minute = Int(clock[1]), let second = Int(clock[2]), (1...31).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        // Days from 1970-01-01 to the civil date (Howard Hinnant's days_from_civil).
        let month = monthIndex + 1
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }
}
