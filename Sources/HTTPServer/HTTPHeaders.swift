/// An ordered list of header fields; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Hashable {
        public let name: String
        public let value: String
    }

    public private(set) var fields: [Field] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { append(name, value) }
    }

    /// Appends a field. Characters that may not appear in a field (CR, LF, NUL and other controls but HTAB)
    /// are dropped, so no caller can split a response or inject a header.
    public mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name: Self.sanitizedName(name), value: Self.sanitizedValue(value)))
    }

    /// Appends a field the request parser has already checked (a token name, a value without CR, LF, NUL or other
    /// controls but HTAB), skipping the second check on the hot path.
    mutating func appendValidated(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field of this name with one field.
    public mutating func replace(_ name: String, _ value: String) {
        remove(name)
        append(name, value)
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.equalNames($0.name, name) }
    }

    /// The first value of the field with this name.
    public subscript(_ name: String) -> String? {
        fields.first { Self.equalNames($0.name, name) }?.value
    }

    /// Every value of the field with this name, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.equalNames($0.name, name) }.map(\.value)
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    public var count: Int { fields.count }

    static func equalNames(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { lowerASCII($0) == lowerASCII($1) }
    }

    static func lowerASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// RFC 9110 token characters only.
    static func sanitizedName(_ name: String) -> String {
        if name.utf8.allSatisfy(isTokenByte) { return name }
        return String(decoding: name.utf8.filter(isTokenByte), as: UTF8.self)
    }

    /// Field values may hold visible characters, SP and HTAB; every other control byte is dropped.
    static func sanitizedValue(_ value: String) -> String {
        func allowed(_ b: UInt8) -> Bool { b == 0x09 || (b >= 0x20 && b != 0x7F) }
        if value.utf8.allSatisfy(allowed) { return value }
        return String(decoding: value.utf8.filter(allowed), as: UTF8.self)
    }

    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }
}
