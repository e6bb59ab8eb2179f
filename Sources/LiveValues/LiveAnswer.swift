/// A source's value as the server can answer with it.
public enum LiveAnswer: Sendable, Hashable {
    /// Read within the freshness time (`liveTTL`); `secondsLeft` is what remains of it, for `Cache-Control:
    /// max-age`.
    case fresh(LiveReading, secondsLeft: Int)
    /// The last good value, past its freshness, because reading it again failed (`X-Source: stale`); served for
    /// `liveStaleSeconds` past its freshness.
    case stale(LiveReading, because: LiveError)
    /// No value to show: the error image's sentence.
    case failed(LiveError)
}
