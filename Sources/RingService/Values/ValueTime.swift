import RingKit

/// Times of stored values as the `/values` routes write them (RFC 3339, UTC, whole seconds), and the `since`
/// windows they read.
enum ValueTime {
    /// `2026-12-05T10:00:00Z` for milliseconds since the Unix epoch.
    static func text(milliseconds: Int64) -> String { UTCText.rfc3339(milliseconds: milliseconds) }

    /// A window `30s`, `15m`, `12h`, `7d` in milliseconds (1 s to 36,500 d); nil for anything else.
    static func window(_ text: String) -> Int64? { DurationText.milliseconds(text) }
}
