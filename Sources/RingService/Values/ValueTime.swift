import Glibc

/// Times of stored values as the `/values` routes write them (RFC 3339, UTC, whole seconds), and the `since`
/// windows they read.
enum ValueTime {
    /// `2026-12-05T10:00:00Z` for milliseconds since the Unix epoch.
    static func text(milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// A window `30s`, `15m`, `12h`, `7d` in milliseconds (1 s to 36,500 d); nil for anything else.
    static func window(_ text: String) -> Int64? {
        guard let unit = text.last, let count = Int64(text.dropLast()), count > 0, text.first != "+" else {
            return nil
        }
        let scale: Int64
        switch unit {
        case "s": scale = 1000
        case "m": scale = 60_000
        case "h": scale = 3_600_000
        case "d": scale = 86_400_000
        default: return nil
        }
        guard count <= 36_500 * 86_400_000 / scale else { return nil }
        return count * scale
    }
}
