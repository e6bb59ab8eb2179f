import HTTPServer
import RingKit

extension RingService {
    /// An image whose value the clock drives (`from` and `to`, `until`, `since`): the value it has now written into
    /// the request, so it is byte for byte the image of that value in the URL, cached under the target and the
    /// step, with a max-age no longer than until the next step. Nil when the request names no such value.
    func clockImage(
        _ request: HTTPRequest, _ drawing: Drawing.Request, format: ImageFormat, varyAccept: Bool
    ) -> ServiceAnswer? {
        guard ClockTarget.mayName(request.target) else { return nil }
        let target: ClockTarget
        if let known = clockTargets.entry(request.target) {
            target = known.target
        } else {
            switch ClockTarget.make(drawing) {
            case nil: return nil
            case .failure(let error):
                let refusal = RefusalImage(message: error.message, for: drawing, format: format, brief: error.brief)
                return .now(errorImage(refusal, format: format, varyAccept: varyAccept))
            case .success(let made):
                target = made
                clockTargets.remember(ClockTargetEntry(target: made), for: request.target)
            }
        }
        let (resolved, shown, maxAge) = target.resolved(now: wallClock(), maxAge: configuration.maxAge)
        let headers: HTTPHeaders = [.cacheControl: "public, max-age=\(maxAge), s-maxage=\(maxAge)"]
        let alias = TargetKey(target: request.target + "\n" + shown, format: format)
        if let cached = cache.value(aliasedBy: alias) {
            return .now(Served(answer(request, with: cached).adding(headers), cache: .hit))
        }
        let parsed: Drawing
        do throws(ParameterError) {
            parsed = try renderer.parse(resolved)
        } catch {
            let refusal = RefusalImage(message: error.message, for: drawing, format: format, brief: error.brief)
            return .now(errorImage(refusal, format: format, varyAccept: varyAccept))
        }
        let key = cacheKey(parsed, format: format, varyAccept: varyAccept, live: true)
        return placedAnswer(request, parsed, key: key, alias: alias, onLoop: true, headers: headers)
    }
}
