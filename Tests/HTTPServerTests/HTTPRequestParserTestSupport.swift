import HTTPServer

/// Drives a parser the way a connection does: feed a chunk, take events until it needs more data.
struct ParserDriver {
    /// Events other than `.needMoreData`, in order; nothing is recorded after an error.
    static func events(
        _ bytes: [UInt8], chunkSizes: some Sequence<Int> = [Int.max], limits: HTTPLimits = .init()
    ) -> [HTTPRequestParser.Event] {
        var parser = HTTPRequestParser(limits: limits)
        var events: [HTTPRequestParser.Event] = []
        var offset = 0
        var sizes = chunkSizes.makeIterator()
        while offset < bytes.count {
            let size = min(max(sizes.next() ?? Int.max, 1), bytes.count - offset)
            bytes[offset..<(offset + size)].withUnsafeBytes { parser.feed($0) }
            offset += size
            while true {
                let event = parser.next()
                if event == .needMoreData { break }
                events.append(event)
                if case .error = event { return events }
            }
        }
        return events
    }

    static func events(_ text: String, limits: HTTPLimits = .init()) -> [HTTPRequestParser.Event] {
        events(Array(text.utf8), limits: limits)
    }

    /// The status of the first error, or nil when every head was accepted.
    static func errorStatus(_ events: [HTTPRequestParser.Event]) -> Int? {
        for case .error(let status, _, _) in events { return status.code }
        return nil
    }
}
