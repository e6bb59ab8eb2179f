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

    @Test func fnv1aMatchesTheReferenceVector() {
        // FNV-1a 64 of "a" is af63dc4c8601ec8c (reference test vector); the tag adds the length.
        #expect(EntityTag.strong(for: Array("a".utf8)) == "\"af63dc4c8601ec8c-1\"")
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
