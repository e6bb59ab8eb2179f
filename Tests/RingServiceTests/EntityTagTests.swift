import Testing

@testable import RingService

struct EntityTagTests {
    @Test func strongTagIsQuotedHexAndDependsOnEveryByte() {
        let a = EntityTag.strong(for: Array("hello".utf8))
        let b = EntityTag.strong(for: Array("hellp".utf8))
        #expect(a.hasPrefix("\"") && a.hasSuffix("\""))
        #expect(!a.hasPrefix("W/"))
        #expect(a.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == "-" })
        #expect(a != b)
        #expect(a == EntityTag.strong(for: Array("hello".utf8)))
    }

    /// XXH64 against the reference implementation (Python's `xxhash` package, `xxhash.xxh64(b).hexdigest()`):
    /// the tail bytes, a four-byte step, whole words, and the four lanes of inputs of 32 bytes and more.
    @Test(arguments: [
        ([UInt8](), "ef46db3751d8e999"),
        (Array("a".utf8), "d24ec4f1a98c6e5b"),
        (Array("abc".utf8), "44bc2cf5ad770999"),
        (Array("Nobody inspects the spammish repetition".utf8), "fbcea83c8a378bf1"),
        (Array((0..<768).map { UInt8($0 % 256) }), "8e03c838c596036f"),
    ])
    func xxh64MatchesTheReference(bytes: [UInt8], hex: String) {
        #expect(EntityTag.strong(for: bytes) == "\"\(hex)-\(String(bytes.count, radix: 16))\"")
    }

    static let tag = "\"0123abcd-10\""

    @Test(arguments: [
        ("\"0123abcd-10\"", true),
        ("*", true),
        ("W/\"0123abcd-10\"", true),
        ("\"other\", \"0123abcd-10\"", true),
        ("\"other\",W/\"0123abcd-10\"", true),
        ("  \"x\" ,\t \"0123abcd-10\"  ", true),
        ("garbage, \"0123abcd-10\"", true),
        ("\"other\"", false),
        ("\"0123abcd-1\"", false),
        ("0123abcd-10", false),
        ("\"0123abcd-10", false),
        ("", false),
        ("W/", false),
    ])
    func ifNoneMatchComparesWeakly(field: String, matches: Bool) {
        #expect(EntityTag.noneMatch([field], matches: Self.tag) == matches)
    }

    @Test func ifNoneMatchReadsEveryFieldLine() {
        #expect(EntityTag.noneMatch(["\"a\"", "\"0123abcd-10\""], matches: Self.tag))
    }
}
