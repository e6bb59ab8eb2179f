#if canImport(Glibc)
    import Glibc
#endif

/// Times in UTC as the service writes them, from milliseconds since 1970: `2026-12-05T10:00:00Z` (RFC 3339, for
/// `X-Value-Time` and the `/values` routes) and `2026-12-05 10:00 UTC` (for a reader, in an accessible name).
public enum UTCText {
    /// `2026-12-05T10:00:00Z`.
    public static func rfc3339(milliseconds: Int64) -> String {
        let t = parts(milliseconds)
        return "\(t.date)T\(t.hour):\(t.minute):\(t.second)Z"
    }

    /// `2026-12-05 10:00 UTC`.
    public static func minute(milliseconds: Int64) -> String {
        let t = parts(milliseconds)
        return "\(t.date) \(t.hour):\(t.minute) UTC"
    }

    private static func parts(_ milliseconds: Int64) -> (date: String, hour: String, minute: String, second: String) {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return (
            "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))", two(parts.tm_hour),
            two(parts.tm_min), two(parts.tm_sec)
        )
    }
}
