/// An ordered list of header fields; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Hashable {
        public let name: HTTPFieldName
        public let value: String
    }

    public private(set) var fields: [Field] = []

    public init() {}

    public init(dictionaryLiteral elements: (HTTPFieldName, String)...) {
        for (name, value) in elements { append(name, value) }
    }

    /// Appends a field. Characters that may not appear in a value (CR, LF, NUL and other controls but HTAB) are
    /// dropped, so no caller can split a response or inject a header.
    public mutating func append(_ name: HTTPFieldName, _ value: String) {
        fields.append(Field(name: name, value: Self.sanitizedValue(value)))
    }

    /// Appends a field the request parser has already checked (a token name, a value without CR, LF, NUL or other
    /// controls but HTAB), skipping the second check on the hot path.
    mutating func appendValidated(name: String, value: String) {
        fields.append(Field(name: HTTPFieldName(validated: name), value: value))
    }

    /// Replaces every field of this name with one field.
    public mutating func replace(_ name: HTTPFieldName, _ value: String) {
        remove(name)
        append(name, value)
    }

    public mutating func remove(_ name: HTTPFieldName) {
        fields.removeAll { $0.name == name }
    }

    /// The first value of the field with this name.
    public subscript(_ name: HTTPFieldName) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of the field with this name, in order.
    public func values(_ name: HTTPFieldName) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    public var count: Int { fields.count }

    /// Field values may hold visible characters, SP and HTAB; every other control byte is dropped.
    static func sanitizedValue(_ value: String) -> String {
        func allowed(_ b: UInt8) -> Bool { b == 0x09 || (b >= 0x20 && b != 0x7F) }
        if value.utf8.allSatisfy(allowed) { return value }
        return String(decoding: value.utf8.filter(allowed), as: UTF8.self)
    }
}
