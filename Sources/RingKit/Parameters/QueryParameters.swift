/// A query string split into named parameters, each decoded only when asked for.
///
/// The grammar is the same for URLs and the command line: parameters are separated by `&`, a name is separated from
/// its value by the first `=` (a name alone has the empty value), names and values are percent-decoded exactly once
/// (a `%` not followed by two hex digits stays a `%`, as the WHATWG URL standard decodes) and `+` is a space. Names are case-sensitive. A parameter nobody asks for is never decoded, so a malformed
/// unknown parameter (a tracking tag, a cache-buster) cannot make a request fail.
public struct QueryParameters: Sendable {
    private struct Entry: Sendable {
        var encoded: Substring
        var plusIsSpace: Bool
        var occurrences: Int
        /// A number read from a source, given as a number: no text to decode.
        var read: ReadNumber? = nil
    }

    private var entries: [String: Entry] = [:]
    /// The decoded names in the order they first appear.
    public private(set) var names: [String] = []
    /// Where the value is stale (`Drawing.Request.staleSince`): its time; the spec takes its stale look.
    public var staleSince: Int64? = nil
    /// The value's time and the request's (`Drawing.Request.clock`), for labels that write them.
    public var clock: ValueClock? = nil
    /// Other stored values the templates write (`{@tests.failed}`), by name (`Drawing.Request.named`).
    public var named: [String: Double] = [:]
    /// The stored name the value was read from (`Drawing.Request.valueName`).
    public var valueName: String? = nil

    /// Splits `query` (the part after `?`, without it). Empty pieces (`a=1&&b=2`, a trailing `&`) are skipped, and
    /// so is a piece whose name does not decode: no parameter has such a name.
    public init(query: some StringProtocol) {
        // Split on bytes, not Characters: `&` followed by a combining mark is one Character but still a separator.
        let text = Substring(query)
        for piece in text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let name: Substring.UTF8View.SubSequence
            let value: Substring.UTF8View.SubSequence
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                name = piece[..<equals]
                value = piece[piece.index(after: equals)...]
            } else {
                name = piece
                value = piece[piece.endIndex...]
            }
            guard case .success(let decodedName) = PercentDecoding.decode(Substring(name), plusIsSpace: true) else {
                continue
            }
            add(name: decodedName, encodedValue: Substring(value), plusIsSpace: true)
        }
    }

    /// Adds one more occurrence of `name` with a still-encoded value, e.g. the `{value}` of `/ring/{value}.svg`
    /// (a path segment, where `+` is a plus: pass `plusIsSpace: false`).
    public mutating func add(name: String, encodedValue: some StringProtocol, plusIsSpace: Bool) {
        if entries[name] != nil {
            entries[name]!.occurrences += 1
        } else {
            entries[name] = Entry(encoded: Substring(encodedValue), plusIsSpace: plusIsSpace, occurrences: 1)
            names.append(name)
        }
    }

    /// Adds a number read from a source (`ReadNumber`) as the parameter it gives.
    public mutating func add(_ read: ReadNumber) {
        add(name: read.parameter, encodedValue: "", plusIsSpace: false)
        entries[read.parameter]!.read = read
    }

    /// The number `name` was given as, when it was read from a source rather than written in the query.
    func readNumber(_ name: String) -> ReadNumber? { entries[name]?.read }

    /// Whether `name` was given at all (once or more).
    public func contains(_ name: String) -> Bool { entries[name] != nil }

    /// The decoded value of `name`, or `nil` when it was not given.
    /// Throws when it was given more than once, or does not decode to UTF-8.
    public func value(_ name: String) throws(ParameterError) -> String? {
        guard let entry = entries[name] else { return nil }
        guard entry.occurrences == 1 else { throw ParameterError(parameter: name, value: "", reason: "given twice") }
        if let read = entry.read { return read.missing?.text ?? CanonicalNumber.text(read.number) }
        switch PercentDecoding.decode(entry.encoded, plusIsSpace: entry.plusIsSpace) {
        case .success(let text):
            return text
        case .failure(.invalidUTF8):
            throw ParameterError(
                parameter: name, value: ParameterError.quoted(entry.encoded),
                reason: "is not UTF-8 text once percent-decoded")
        }
    }

    /// `text` as one query component: every byte but RFC 3986's unreserved characters percent-encoded, so it
    /// decodes back to exactly `text` whatever it holds (`&`, `=`, `+`, `%`, any Unicode).
    public static func encode(_ text: some StringProtocol) -> String { PercentDecoding.encode(text) }

    /// `query` without the parameters named `names`, however their names are encoded (`%76alue` is `value`), and
    /// without empty pieces; the rest as written, in order.
    public static func removing(_ names: [String], from query: some StringProtocol) -> String {
        query.split(separator: "&").filter { piece in
            let name = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return QueryParameters(query: name + "=").names.first.map { !names.contains($0) } ?? true
        }.joined(separator: "&")
    }
}
