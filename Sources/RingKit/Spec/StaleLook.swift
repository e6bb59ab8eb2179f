/// How an image of a stored or live value looks once the value is older than its `staleAfter`: drawn in one gray
/// (`staleColor`, shields' `lightgrey` by default) instead of its own colors, thresholds and map colors, its label
/// replaced where `staleLabel` is given, and its accessible name saying since when no new value came. Every kind
/// holds one (a ring's, a bar's and a sparkline's in their series); the service decides whether a value is stale
/// (it knows the value's time and the clock) and says so in the request (`Drawing.Request.staleSince`).
public struct StaleLook: Sendable, Hashable {
    /// shields' `lightgrey`, which its own badges show for a value they cannot vouch for.
    public static let defaultColor = RGBAColor(0x9f, 0x9f, 0x9f)

    public var color: RGBAColor = defaultColor
    /// `staleLabel`: the template that replaces the label (a badge's value text); `nil` keeps the label as set.
    public var label: String? = nil
    /// The value's time (milliseconds since 1970) where it is stale, so the image is drawn in this look; `nil` for
    /// an image of a fresh value, or of a value given in the URL.
    public var since: Int64? = nil

    public init() {}

    /// The shortest and longest `staleAfter`: a minute, 400 days.
    public static let afterRange: ClosedRange<Int64> = 60_000...400 * 86_400_000

    /// A `staleAfter` in milliseconds, `off` as 0, or nil where `text` is neither: a whole number and `s`, `m`, `h`
    /// or `d` within `afterRange` (`90s`, `30m`, `12h`, `30d`).
    public static func after(_ text: String) -> Int64? {
        if text == "off" { return 0 }
        guard let window = DurationText.milliseconds(text), afterRange.contains(window) else { return nil }
        return window
    }

    /// What a refusal of `staleAfter` says is accepted.
    public static let acceptedAfter = "a whole number and s, m, h or d from 1m to 400d, such as 30d or 12h; or off"

    /// What the accessible name adds for a stale value: ` (stale: no new value since 2026-08-09 10:00 UTC)`.
    public var nameSuffix: String {
        guard let since else { return "" }
        return " (stale: no new value since \(UTCText.minute(milliseconds: since)))"
    }

    /// What the canonical key adds for a stale image (its accessible name holds the time); nothing for a fresh one.
    var keySuffix: String { since.map { "&staleSince=\($0)" } ?? "" }
}

/// Durations as the image parameters write them: a whole number and `s`, `m`, `h` or `d` (`30s`, `15m`, `12h`,
/// `7d`), shared by `staleAfter` and the service's windows (`trend`, `window`).
public enum DurationText {
    /// The duration in milliseconds (1 s to 36,500 d); nil for anything else.
    public static func milliseconds(_ text: String) -> Int64? {
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

extension RingSpec {
    /// This ring, bar or sparkline in its stale look for a value of time `since`: every ring in `stale.color` (no
    /// gradient, thresholds, markers or map colors), and `staleLabel` in place of the label where given.
    mutating func takeStaleLook(since: Int64) {
        let gray = stale.color
        color = gray
        gradient = nil
        for index in innerRings.indices {
            innerRings[index].color = gray
            innerRings[index].gradient = nil
        }
        thresholds = nil
        markers = false
        valueStyle.map = valueStyle.map?.withoutColors
        if let given = stale.label { label = StaleLook.label(given) }
        stale.since = since
    }

    /// The parameter that gave the label drawn: `staleLabel` in the stale look where given, else `label`.
    var labelParameter: String { stale.since != nil && stale.label != nil ? "staleLabel" : "label" }
}

extension BadgeSpec {
    /// This badge in its stale look for a value of time `since`: its value's half in `stale.color` (no thresholds
    /// or map colors), and `staleLabel`, filled as a ring's label is, in place of the value's text where given.
    mutating func takeStaleLook(since: Int64) {
        color = stale.color
        thresholds = nil
        valueStyle.map = valueStyle.map?.withoutColors
        if let given = stale.label {
            message = LabelText.text(StaleLook.label(given), of: reading, fraction: shownShare, style: valueStyle) ?? ""
        }
        stale.since = since
    }
}

extension StaleLook {
    /// `staleLabel`'s text as a label: `auto`, none (empty), or a template.
    static func label(_ text: String) -> RingSpec.Label {
        switch text {
        case "auto": .auto
        case "": RingSpec.Label.none
        default: .template(text)
        }
    }
}

extension ValueMap {
    /// The map with its texts and no colors: a stale value is drawn in one gray whatever it matches.
    var withoutColors: ValueMap {
        var map = self
        for index in map.items.indices { map.items[index].color = nil }
        return map
    }
}
