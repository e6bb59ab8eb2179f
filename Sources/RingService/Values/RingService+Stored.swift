import HTTPServer
import RingKit
import StoredValues

extension RingService {
    /// An image of stored values (`value=@name`, `value=@a,@b`, `/ring/@name.svg`): the values are written into the
    /// request as numbers, so it is byte for byte the image of the same numbers in the URL, cached by them (an
    /// unchanged value keeps its ETag), fresh for `storedMaxAge`. Nil when the request names no stored value. A
    /// private value (`privateValues`) is drawn only where the URL was `signed`, refused before any cache is asked.
    func storedImage(
        _ request: HTTPRequest, _ drawing: Drawing.Request, format: ImageFormat, varyAccept: Bool, signed: Bool
    ) -> ServiceAnswer? {
        guard Self.mayNameStoredValue(request.target) else { return nil }
        var entry: StoredTargetEntry
        if let known = storedTargets.entry(request.target) {
            entry = known
        } else {
            switch StoredTarget.make(drawing, staleAfter: configuration.values.staleAfterMilliseconds) {
            case nil: return nil
            case .failure(let error): return storedRefusal(error, drawing, format: format, varyAccept: varyAccept)
            case .success(let target): entry = StoredTargetEntry(target: target)
            }
        }
        if let refused = privateRefusal(
            entry.target.allNames, signed: signed, drawing, format: format, varyAccept: varyAccept)
        {
            return refused
        }
        if let spark = entry.target.spark {
            return storedSpark(request, drawing, entry, spark, format: format, varyAccept: varyAccept)
        }
        let records: [StoredRecord]
        switch storedRecords(entry.target) {
        case .failure(let error): return storedRefusal(error, drawing, format: format, varyAccept: varyAccept)
        case .success(let read): records = read
        }
        let previous =
            entry.target.comparedValue(in: records)
            ?? entry.target.comparesOver.flatMap { window in
                store?.previous(entry.target.names[0], at: wallClock() - window)
            }
        // The same records as last time: the same request, alias and headers, none written again.
        let shown: StoredShown
        if let last = entry.shown, last.previous == previous, last.records == records {
            shown = last
        } else {
            let (resolved, text) = entry.target.resolved(with: records, previous: previous)
            var headers = storedHeaders
            for field in HTTPHeaders.valueTime(milliseconds: records.map(\.time).max() ?? 0) {
                headers.append(field.name, field.value)
            }
            let oldest = records.map(\.time).min() ?? 0
            shown = StoredShown(
                records: records, previous: previous, request: resolved, alias: request.target + "\n" + text,
                headers: headers, staleAt: entry.target.staleAfter.map { oldest + $0 }, oldest: oldest,
                newest: records.map(\.time).max() ?? 0, writes: entry.target.writes)
            entry.shown = shown
            storedTargets.remember(entry, for: request.target)
        }
        return storedAnswer(request, drawing, shown, format: format, varyAccept: varyAccept)
    }

    /// The image of a resolved stored-value request: the cached one for its resolution, or parsed and drawn.
    func storedAnswer(
        _ request: HTTPRequest, _ drawing: Drawing.Request, _ given: StoredShown, format: ImageFormat,
        varyAccept: Bool
    ) -> ServiceAnswer {
        let shown = aged(given)
        let alias = TargetKey(target: shown.alias, format: format)
        if let cached = cache.value(aliasedBy: alias) {
            let answered = answer(request.modifiedSince(shown.headers), with: cached)
            return .now(Served(answered.adding(shown.headers), cache: .hit, source: .stored))
        }
        let parsed: Drawing
        do throws(ParameterError) {
            parsed = try renderer.parse(shown.request)
        } catch {
            return storedRefusal(error, drawing, format: format, varyAccept: varyAccept)
        }
        let key = cacheKey(parsed, format: format, varyAccept: varyAccept, live: true)
        return placedAnswer(
            request, parsed, key: key, alias: alias, onLoop: true, headers: shown.headers, origin: .stored)
    }

    /// The records `target` names, or the refusal naming `value`: stored values are off, or a name has no value.
    func storedRecords(_ target: StoredTarget) -> Result<[StoredRecord], ParameterError> {
        guard let store else {
            return .failure(
                ParameterError(
                    parameter: "value", value: ParameterError.quoted("@" + (target.allNames.first ?? "")),
                    reason: "names a stored value, and stored values are off on this server (its operator turns "
                        + "them on with valueTokens)"))
        }
        switch store.records(target.allNames) {
        case .failure(let missing):
            return .failure(target.missingRefusal(missing.name))
        case .success(let records):
            return .success(records)
        }
    }

    /// `shown` as the clock finds it: in its stale look past its `staleAt`; before it, fresh for no longer than
    /// until then (so a cache does not hold the fresh look past it); as it is without a `staleAfter`.
    func aged(_ shown: StoredShown) -> StoredShown {
        guard shown.isClocked else { return shown }
        let maxAge = configuration.values.maxAge
        let clocked = ClockedImage.of(
            staleAt: shown.staleAt, oldest: shown.oldest, valueTime: shown.newest, writes: shown.writes,
            now: wallClock(), maxAge: maxAge)
        // Fresh, with no words of time and its max-age as ever: the image as it is (the common case: no copy).
        if clocked.alias.isEmpty, clocked.clock == nil, clocked.maxAge >= maxAge { return shown }
        var aged = shown
        aged.alias += clocked.alias
        aged.request = clocked.applied(to: shown.request)
        if clocked.maxAge < maxAge {
            aged.headers.replace(.cacheControl, "public, max-age=\(clocked.maxAge), s-maxage=\(clocked.maxAge)")
        }
        return aged
    }

    /// The headers of an image of a stored value.
    static func storedHeaders(maxAge: Int) -> HTTPHeaders {
        [.cacheControl: "public, max-age=\(maxAge), s-maxage=\(maxAge)", .xSource: LiveOrigin.stored.rawValue]
    }

    func storedRefusal(
        _ error: ParameterError, _ drawing: Drawing.Request, format: ImageFormat, varyAccept: Bool
    ) -> ServiceAnswer {
        let refusal = RefusalImage(message: error.message, for: drawing, format: format, brief: error.brief)
        return .now(errorImage(refusal, format: format, varyAccept: varyAccept).from(.stored))
    }

    /// Whether `target` may name a stored value: it holds `@` or `%40` (one scan of its bytes).
    static func mayNameStoredValue(_ target: String) -> Bool {
        var percent = 0
        for byte in target.utf8 {
            switch byte {
            case UInt8(ascii: "@"): return true
            case UInt8(ascii: "%"): percent = 1
            case UInt8(ascii: "4") where percent == 1: percent = 2
            case UInt8(ascii: "0") where percent == 2: return true
            default: percent = 0
            }
        }
        return false
    }
}
