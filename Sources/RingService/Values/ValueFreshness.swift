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

/// Which of a value's time an image's templates (`label`, `staleLabel`) write: `{age}`, which changes with the
/// clock, and `{time}` or `{date}`, which change with the value.
struct TimeWriting: Sendable, Hashable {
    var age = false
    var time = false

    var any: Bool { age || time }

    static func of(_ given: QueryParameters, kind: Drawing.Kind) -> TimeWriting {
        var writes = TimeWriting()
        for (_, text) in given.templates(of: kind) {
            writes.age = writes.age || text.contains("{age}")
            writes.time = writes.time || text.contains("{time}") || text.contains("{date}")
        }
        return writes
    }
}

/// What the clock makes of one image of a read value at one request: whether it is stale, the clock its templates
/// write with, what its alias adds (so a cached image is one per look, age step and value time), and its max-age
/// (no longer than until the look or the words change). The one rule for stored and live values, images and
/// `/badge.json`.
struct ClockedImage: Equatable {
    /// Set where the value is past its `staleAfter`: the time a stale image names.
    var staleSince: Int64? = nil
    var clock: ValueClock? = nil
    var alias = ""
    var maxAge: Int

    /// `staleAt`: when the image turns stale (nil: `staleAfter` off), naming `oldest`; `valueTime`: what `{age}`,
    /// `{time}` and `{date}` write (the newest value's time); `maxAge` the image's own; times in milliseconds.
    static func of(
        staleAt: Int64?, oldest: Int64, valueTime: Int64, writes: TimeWriting, now: Int64, maxAge: Int
    ) -> ClockedImage {
        var image = ClockedImage(maxAge: maxAge)
        if let staleAt {
            switch ValueFreshness.at(staleAt: staleAt, now: now, maxAge: maxAge) {
            case .stale:
                image.staleSince = oldest
                image.alias += "\nstale"
            case .fresh(let left):
                image.maxAge = left
            }
        }
        guard writes.any else { return image }
        image.clock = ValueClock(valueTime: valueTime, now: now)
        if writes.time { image.alias += "\nat=\(valueTime)" }
        if writes.age {
            let step = AgeStep(age: now - valueTime)
            image.alias += "\nage=" + step.key
            let left = (valueTime + step.nextAge - now) / 1000
            image.maxAge = Int(min(Int64(image.maxAge), max(left, 0)))
        }
        return image
    }

    /// A live reading's, for `target`.
    static func of(_ reading: LiveReading, _ target: LiveTarget, now: Int64, maxAge: Int) -> ClockedImage {
        let time = Int64((reading.time.timeIntervalSince1970 * 1000).rounded(.down))
        return of(
            staleAt: target.staleAfter.map { time + $0 }, oldest: time, valueTime: time, writes: target.writes,
            now: now, maxAge: maxAge)
    }

    /// `request` as this image draws it.
    func applied(to request: Drawing.Request) -> Drawing.Request {
        var request = request
        request.staleSince = staleSince
        request.clock = clock
        return request
    }
}
