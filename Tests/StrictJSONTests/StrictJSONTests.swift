import Testing

@testable import StrictJSON

/// One pass reads a document into `JSONValue`: members in the order written, numbers as written, escapes decoded,
/// and every rule broken named with its line.
struct StrictJSONTests {
    /// Objects keep the order their keys were written in; numbers keep their text and read as doubles.
    @Test func aDocumentReadsIntoValuesInTheOrderWritten() throws {
        let document = try StrictJSON.parse(Array(#"{"b": [1, -0.5, 1.5e3, true, null], "a": "x"}"#.utf8))
        guard case .object(let members) = document else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a"])
        guard case .array(let items)? = document["b"] else {
            Issue.record("no array")
            return
        }
        let numbers = items.compactMap { if case .number(let n) = $0 { n } else { nil } }
        #expect(numbers.map(\.text) == ["1", "-0.5", "1.5e3"])
        #expect(numbers.map(\.double) == [1, -0.5, 1500])
        #expect(Array(items.dropFirst(3)) == [.bool(true), .null])
        #expect(document["a"]?.stringValue == "x")
        #expect(try StrictJSON.parse(Array("42".utf8)) == .number(JSONNumber(42)))
    }

    /// Escapes are decoded, surrogate pairs included; keys are compared decoded.
    @Test func escapesAreDecoded() throws {
        let text = #""a\"b\\c\/d\b\f\n\r\t \u00e9 \uD83D\uDE00 é""#
        #expect(try StrictJSON.parse(Array(text.utf8)) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t é 😀 é"))
        #expect(throws: StrictJSON.Problem(line: 1, message: #"key "a" given twice in one object"#)) {
            try StrictJSON.parse(Array(#"{"a": 1, "\u0061": 2}"#.utf8))
        }
    }

    @Test(arguments: [
        ("{\"a\": 1,\n}", 2, #"a comma after the value of "a" before } (trailing commas are not JSON)"#),
        ("[1,]", 1, "a comma before ] (trailing commas are not JSON)"),
        ("1 2", 1, "text after the end of the document"),
        ("", 1, "the document ends where a value was expected"),
        (#"{"a": {"b": 1, "b": 2}}"#, 1, #"key "b" given twice in one object, at key "a""#),
        (#""\ud800""#, 1, #"\uD800 is the first half of a surrogate pair without its second"#),
        (#""\udc00""#, 1, #"\uDC00 is the second half of a surrogate pair without its first"#),
        (#""\u12""#, 1, #"\u must be followed by four hex digits"#),
        (#""\x""#, 1, "unknown escape: a backslash before byte 0x78 in a string"),
        ("\"abc", 1, "a string that never ends"),
        ("-", 1, "a number needs a digit after -"),
        ("1.", 1, "a number needs digits after its point"),
        ("1e", 1, "a number needs digits in its exponent"),
        ("tru", 1, "expected true"),
    ])
    func brokenRulesAreNamedWithTheirLine(text: String, line: Int, message: String) {
        #expect(throws: StrictJSON.Problem(line: line, message: message)) { try StrictJSON.parse(Array(text.utf8)) }
    }

    /// Bytes that are not UTF-8 inside a string are refused, not replaced.
    @Test func stringsAreUTF8() {
        #expect(throws: StrictJSON.Problem.self) { try StrictJSON.parse([0x22, 0xFF, 0x22]) }
        #expect(throws: StrictJSON.Problem.self) { try StrictJSON.parse([0x22, 0x5C, 0x6E, 0xC3, 0x22]) }
    }

    /// Nesting is bounded, so a hostile document cannot exhaust the stack; long numbers and strings are read as
    /// text, in time linear in their length.
    @Test func hostileDocumentsAreBounded() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: StrictJSON.Problem(line: 1, message: "nesting deeper than 64 levels")) {
            try StrictJSON.parse(Array(deep.utf8))
        }
        #expect(throws: StrictJSON.Problem.self) {
            try StrictJSON.parse(Array(String(repeating: "[", count: 1_000_000).utf8))
        }
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect((try? StrictJSON.parse(Array(ok.utf8))) != nil)
        let huge = try StrictJSON.parse(Array(("1" + String(repeating: "0", count: 1_000_000)).utf8))
        guard case .number(let n) = huge else {
            Issue.record("not a number")
            return
        }
        #expect(n.double == .infinity)
        let long = try StrictJSON.parse(Array(("\"" + String(repeating: "é", count: 500_000) + "\"").utf8))
        #expect(long.stringValue?.count == 500_000)
    }

    /// Objects of many members find a key given twice as small ones do.
    @Test func largeObjectsRefuseAKeyGivenTwice() {
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(throws: StrictJSON.Problem(line: 1, message: #"key "k3" given twice in one object"#)) {
            try StrictJSON.parse(Array("{\(members), \"k3\": 0}".utf8))
        }
    }
}
