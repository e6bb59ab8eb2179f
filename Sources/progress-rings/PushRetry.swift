/// When `progress-rings push` tries again: after a network error or a 5xx answer, up to `attempts` tries in all,
/// waiting `delay` seconds, then twice that, and so on (at most 60 s between two tries); a `Retry-After` in seconds
/// that asks for longer is honoured up to the same 60 s. A 4xx is the server's refusal and is never retried. A
/// value, so its rule is tested without a network or a clock.
struct PushRetry: Equatable {
    /// Tries in all, the first included.
    var attempts = 5
    /// Seconds before the second try; each later wait doubles.
    var delay = 1.0

    static let longestWait = 60.0

    /// What one try came to.
    enum Outcome: Equatable {
        /// The server answered with this status; `retryAfter` is its `Retry-After` in seconds, when it gave one.
        case answered(status: Int, retryAfter: Double?)
        /// No answer: the connection failed or timed out.
        case networkError
    }

    /// Seconds to wait before trying again after try number `attempt` (1 is the first), or nil: stop here.
    func wait(after attempt: Int, outcome: Outcome) -> Double? {
        guard attempt < attempts else { return nil }
        let backoff = Swift.min(Self.longestWait, delay * Double(1 << Swift.min(attempt - 1, 30)))
        switch outcome {
        case .networkError:
            return backoff
        case .answered(let status, let retryAfter) where status >= 500:
            return Swift.min(Self.longestWait, Swift.max(backoff, retryAfter ?? 0))
        case .answered:
            return nil
        }
    }
}
