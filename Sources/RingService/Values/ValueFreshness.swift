import FoundationEssentials
import LiveValues
import RingKit

/// Whether an image of a stored or live value is fresh or stale, and what a cache may hold until it turns: the one
/// rule for rings, bars, badges, sparklines and `/badge.json`, of stored and live values alike. The look itself is
/// RingKit's (`StaleLook`); the decision is the service's, which knows the value's time and the clock.
enum ValueFreshness: Equatable {
    /// Fresh, and cacheable for `maxAge` seconds: the image's own max-age, or the whole seconds until it turns
    /// stale where that is sooner, so no cache holds its fresh look past the moment.
    case fresh(maxAge: Int)
    case stale

    /// A value that turns stale at `staleAt`, `now` (both milliseconds since the epoch), for an image whose
    /// max-age is `maxAge`.
    static func at(staleAt: Int64, now: Int64, maxAge: Int) -> ValueFreshness {
        if now >= staleAt { return .stale }
        return .fresh(maxAge: Int(min(Int64(maxAge), (staleAt - now) / 1000)))
    }

    /// A live reading's: the time it is stale since (the value's), or nil and the max-age its image may have.
    static func of(
        _ reading: LiveReading, _ target: LiveTarget, maxAge: Int, now: Int64
    ) -> (staleSince: Int64?, maxAge: Int) {
        guard let after = target.staleAfter else { return (nil, maxAge) }
        let time = Int64((reading.time.timeIntervalSince1970 * 1000).rounded(.down))
        switch at(staleAt: time + after, now: now, maxAge: maxAge) {
        case .stale: return (time, maxAge)
        case .fresh(let left): return (nil, left)
        }
    }

    /// The URL's `staleAfter` in milliseconds (`off`: nil), else `fallback` (the server's), or the refusal naming it.
    /// Read by the service, as only it knows the value's time; shared by stored and live values.
    static func staleAfter(_ given: QueryParameters, default fallback: Int64?) -> Result<Int64?, ParameterError> {
        let text: String
        do throws(ParameterError) {
            guard let given = try given.value("staleAfter") else { return .success(fallback) }
            text = given
        } catch {
            return .failure(error)
        }
        guard let after = StaleLook.after(text) else {
            return .failure(
                ParameterError(
                    parameter: "staleAfter", value: ParameterError.quoted(text),
                    reason: "is not a duration (accepted: \(StaleLook.acceptedAfter))"))
        }
        return .success(after == 0 ? nil : after)
    }
}
