import LiveValues

/// What a live target showed last: the reading, the alias its image is cached under and its `Last-Modified`, so a
/// repeated request for an unchanged value builds neither again.
struct LiveShown: Sendable {
    let reading: LiveReading
    /// The target and the value's parameters: `TargetKey`'s text for this value.
    let alias: String
    let lastModified: String
    /// The same time for `X-Value-Time`.
    let valueTime: String
}

/// A request target resolved to its live source before (the URL, the allow-list, the paths checked), and what it
/// showed last: kept in `RingService.liveTargets`.
struct LiveTargetEntry: TargetMemoEntry {
    let target: LiveTarget
    /// The live settings' generation it was resolved under (`LiveValues.generation`): after a reload it is resolved
    /// again, as its query, server or source may have changed.
    let generation: Int
    var shown: LiveShown?

    /// Counted for the entry itself beside its texts.
    static let overhead = 160

    /// The target, and what it showed: the alias and the reading's texts (an endpoint's logo among them).
    func cost(for target: String) -> Int {
        target.utf8.count + (shown.map { $0.alias.utf8.count + $0.reading.textBytes } ?? 0) + Self.overhead
    }
}
